import Stripe from 'stripe';

/**
 * SDK options for a Stripe base URL that may carry a path. The SDK takes host, port and protocol only and always
 * asks for `/v1/…`; the built-in sandbox lives at PUBLIC_URL/sandbox/stripe, so a thin HttpClient puts the base
 * path in front of every request path and hands the request to the SDK's own Node client unchanged.
 */

type InnerClient = ReturnType<typeof Stripe.createNodeHttpClient>;
type MakeRequest = InnerClient['makeRequest'];

export class BasePathHttpClient extends Stripe.HttpClient {
  constructor(
    private readonly basePath: string,
    private readonly inner: InnerClient = Stripe.createNodeHttpClient(),
  ) {
    super();
  }

  override getClientName(): string {
    return this.inner.getClientName();
  }

  override makeRequest(...args: Parameters<MakeRequest>): ReturnType<MakeRequest> {
    const [host, port, path, ...rest] = args;
    return this.inner.makeRequest(host, port, `${this.basePath}${path}`, ...rest);
  }
}

const TIMEOUT_MS = 20_000;

/**
 * Two network retries (the SDK adds idempotency keys, so a retried create is never doubled), a timeout well under
 * the web client's 60 s, and with a base URL its host, port, protocol and path instead of api.stripe.com.
 */
export function stripeSdkOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: TIMEOUT_MS, telemetry: false };
  if (!apiBase) return options;
  const base = new URL(apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const basePath = base.pathname.replace(/\/+$/, '');
  return {
    ...options,
    protocol,
    host: base.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: base.port === '' ? (protocol === 'http' ? 80 : 443) : Number(base.port),
    ...(basePath ? { httpClient: new BasePathHttpClient(basePath) } : {}),
  };
}

/** Stripe keys and signing secrets anywhere in a text, masked (for log lines). */
export function redactStripeSecrets(text: string): string {
  return text
    .replace(/\b(sk|rk|pk)_(test|live)_[A-Za-z0-9*]+/g, '$1_$2_***')
    .replace(/\bwhsec_[A-Za-z0-9*]+/g, 'whsec_***');
}

/** What a log line may say about a failed Stripe call: no request body, no key. */
export function describeStripeFailure(err: unknown): Record<string, unknown> {
  if (err instanceof Stripe.errors.StripeError) {
    return {
      type: err.type,
      code: err.code,
      statusCode: err.statusCode,
      requestId: err.requestId,
      message: redactStripeSecrets(err.message),
    };
  }
  return { message: redactStripeSecrets(err instanceof Error ? err.message : String(err)) };
}
