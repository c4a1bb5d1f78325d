import type { FastifyServerOptions } from 'fastify';

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

export function loggerOptions(enabled: boolean): FastifyServerOptions['logger'] {
  if (!enabled) return false;
  return {
    level: 'info',
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrlQuery(req.url),
        ip: req.ip,
      }),
    },
  };
}
