import http from 'node:http';
import https from 'node:https';

/**
 * One JSON POST to a far end over keep-alive connections. node:http rather than fetch: every order commit makes
 * one of these (the BIGO precheck), and fetch's web streams cost several times the CPU of a plain request on
 * the hot path (measured with `npm run bench`). The timeout covers the whole exchange, body included, so a far
 * end that stalls mid-answer is cut off too.
 */

const AGENT_OPTIONS = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16 };
const httpAgent = new http.Agent(AGENT_OPTIONS);
const httpsAgent = new https.Agent(AGENT_OPTIONS);

export class HttpTimeoutError extends Error {
  override name = 'TimeoutError';
}

export interface HttpAnswer {
  status: number;
  text: string;
}

export function postJson(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<HttpAnswer> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent: secure ? httpsAgent : httpAgent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
      },
    );
    const timer = setTimeout(
      () => request.destroy(new HttpTimeoutError(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    request.end(body);
  });
}
