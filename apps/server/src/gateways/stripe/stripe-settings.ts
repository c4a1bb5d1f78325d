/** What the Stripe adapter runs with (its descriptor builds them: stripe-descriptor.ts). */
export interface StripeSettings {
  sandbox: boolean;
  secretKey: string;
  webhookSecret: string;
  /** Unset = api.stripe.com; may carry a path (the sandbox's is PUBLIC_URL/sandbox/stripe). */
  apiBase: string | undefined;
  /** STRIPE_METHODS: the payment method types offered on our page; undefined = every one the adapter knows. */
  methods?: readonly string[] | undefined;
}
