/** What the Stripe adapter runs with (its descriptor builds them: stripe-descriptor.ts). */
export interface StripeSettings {
  sandbox: boolean;
  secretKey: string;
  webhookSecret: string;
  /** Unset = api.stripe.com; may carry a path (the sandbox's is PUBLIC_URL/sandbox/stripe). */
  apiBase: string | undefined;
}
