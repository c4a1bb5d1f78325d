import { parse as parseQueryString } from 'node:querystring';
import type { FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerBigoSimulator } from './bigo-simulator';
import { registerFiuuSandbox } from './fiuu-sandbox';
import type { SandboxOptions } from './sandbox-options';
import { registerStripeSandbox } from './stripe-sandbox';

/**
 * The far ends the shop plays against when a vendor has no keys: Fiuu, Stripe and BIGO, each written from the
 * vendor's own documents (see README.md) and sharing no code with the shop's clients. Register it under a prefix
 * (the server uses /sandbox): only the vendors present in the options are served.
 */
export const sandboxes: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  // Set here so the sandboxes' zod schemas work whatever the host uses (encapsulated: the host is untouched).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Fiuu and Stripe are spoken in form posts; a host that parses them already keeps its own parser.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, parseQueryString(String(body)));
      },
    );
  }
  const { store, requireOperator } = options;
  if (options.fiuu) registerFiuuSandbox(app, { fiuu: options.fiuu, store, requireOperator });
  if (options.stripe) {
    await registerStripeSandbox(app, {
      stripe: options.stripe,
      store,
      publicUrl: options.publicUrl,
      requireOperator,
    });
  }
  if (options.bigo) await registerBigoSimulator(app, { bigo: options.bigo, store, requireOperator });
};

export { SIMULATOR_REJECT_PREFIX } from './bigo-simulator';
export { DEFAULT_BIGO_BALANCE, type TBigoControls, ZBigoControls } from './bigo-simulator-store';
export { FIUU_CONTROLS, setFiuuControls, type TFiuuControls } from './fiuu-controls';
export { FIUU_STATUS, FIUU_TXN, type FiuuSandboxTxn } from './fiuu-records';
export { FIUU_REFUND, type FiuuSandboxRefund, setFiuuRefundControls } from './fiuu-refund-sandbox';
export {
  FIUU_BUYER_CANCEL,
  FIUU_DECLINE,
  FIUU_IPN,
  FIUU_REQUERY_CLOCK,
  type FiuuSandboxIpn,
} from './fiuu-sandbox';
export type * from './sandbox-options';
export type * from './sandbox-store';
export { STRIPE_PRICE, STRIPE_PRODUCT } from './stripe-catalogue-sandbox';
export { type SandboxDispute, STRIPE_DISPUTE } from './stripe-dispute-sandbox';
export { type SandboxSession, STRIPE_SESSION } from './stripe-records';
export { type SandboxRefund, STRIPE_REFUND, setStripeRefundControls } from './stripe-refund-sandbox';
