import Stripe from 'stripe';

/**
 * The real `stripe` SDK pointed at the sandbox. The SDK takes a host and port and always asks for `/v1/…`; the
 * sandbox lives under a path, so requests get that path in front and go out through the SDK's own Node client.
 */

type InnerClient = ReturnType<typeof Stripe.createNodeHttpClient>;
type MakeRequest = InnerClient['makeRequest'];

class BasePathClient extends Stripe.HttpClient {
  private readonly inner: InnerClient = Stripe.createNodeHttpClient();

  constructor(private readonly basePath: string) {
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

/** An SDK client for the Stripe sandbox at `${baseUrl}` (e.g. http://127.0.0.1:1234/sandbox/stripe). */
export function stripeSdk(baseUrl: string, secretKey: string, options: { maxNetworkRetries?: number } = {}) {
  const base = new URL(baseUrl);
  return new Stripe(secretKey, {
    protocol: 'http',
    host: base.hostname,
    port: Number(base.port),
    httpClient: new BasePathClient(base.pathname.replace(/\/+$/, '')),
    maxNetworkRetries: options.maxNetworkRetries ?? 0,
    telemetry: false,
  });
}
