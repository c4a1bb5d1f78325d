import type { FastifyBaseLogger } from 'fastify';
import { type LoggerOptions, pino } from 'pino';
import { loggableError } from './db-errors';

/**
 * pino options for request logs. Bodies are never logged; headers that carry credentials are redacted; query
 * values that can carry a token, a code or a signature are replaced before the URL reaches a log line.
 */
const SECRET_QUERY_KEYS =
  /^(token|access_token|password|code|captcha_code|skey|vcode|signature|client_secret)$/i;

export function redactUrlQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) {
      params.set(key, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** Where log lines go instead of stdout (tests read them to prove what a log never contains). */
export interface LogStream {
  write(line: string): void;
}

/**
 * The process's logger: shared by the HTTP server (its request logs), the services and the job workers, so a web
 * process and a worker-only process write the same lines. Disabled: a logger that writes nothing.
 */
export function createLogger(enabled: boolean, stream?: LogStream): FastifyBaseLogger {
  if (!enabled) return pino({ level: 'silent' });
  const { stream: destination, ...options } = loggerOptions(stream);
  return destination ? pino(options, destination) : pino(options);
}

function loggerOptions(stream?: LogStream): LoggerOptions & { stream?: LogStream } {
  return {
    level: stream ? 'trace' : 'info',
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      // Every `{ err }` of every log line: a database error by code and constraint, never its parameters.
      err: loggableError,
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrlQuery(req.url),
        ip: req.ip,
      }),
    },
  };
}
