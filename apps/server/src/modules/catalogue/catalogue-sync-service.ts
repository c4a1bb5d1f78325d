import type { TPrice } from '@ezrecharge/shared';
import { MSG, PRICE_PROBLEM_MESSAGES, type TPriceProblem } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { StripeCatalogue } from '../../gateways';
import { describeStripeFailure, redactStripeSecrets } from '../../gateways/stripe/stripe-http-client';
import { auditChange } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import { type Actor, CATALOGUE_MESSAGES, toApiPrice } from './catalogue-common';
import {
  allProducts,
  findPriceById,
  findProductById,
  lockPriceById,
  lockProductById,
  markPriceSynced,
  markProductSynced,
  type PriceRow,
  type ProductRow,
  pricesOfProduct,
} from './catalogue-repository';

/** The 503 a Stripe failure answers (Stripe's own message, without secrets), or null for any other error. */
export function stripeFailure(err: unknown): AppError | null {
  if (!(err instanceof Stripe.errors.StripeError)) return null;
  const detail = redactStripeSecrets(err.message || err.type || 'Stripe answered an error');
  return new AppError('service_unavailable', CATALOGUE_MESSAGES.stripeRefused, detail);
}

export interface CatalogueSyncSummary {
  products: number;
  prices: number;
  /** Stripe Prices created (new prices, and changed prices whose old Stripe Price was deactivated). */
  created_prices: number;
  deactivated_prices: number;
}

/**
 * Syncs the catalogue to Stripe (GET /product/sync, GET /price/sync/{id}). Stripe calls are never made inside a
 * database transaction (a slow Stripe would hold locks, and on PGlite every other query); each product or price
 * is stored, with its audit row, as soon as Stripe answered, so a failure half-way keeps what was done. Syncs of
 * one process run one at a time, so a double click cannot create two Stripe objects for one row.
 */
export class CatalogueSyncService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly stripe: StripeCatalogue,
    private readonly log: FastifyBaseLogger,
    /** The payment providers' price check (the registry's, gateways/payment-providers.ts). */
    private readonly priceProblem: (minor: number, currency: string) => TPriceProblem | null,
  ) {}

  private serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs Stripe work; a Stripe failure is logged (without secrets) and answered as 503 with Stripe's message. */
  private async talk<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const failure = stripeFailure(err);
      if (!failure) throw err;
      this.log.warn({ stripe: describeStripeFailure(err), what }, 'Stripe refused a catalogue sync call');
      throw failure;
    }
  }

  /** Every product and each of its prices. */
  async syncAll(actor: Actor): Promise<CatalogueSyncSummary> {
    const { stripe } = this;
    return this.serialize(async () => {
      const summary: CatalogueSyncSummary = {
        products: 0,
        prices: 0,
        created_prices: 0,
        deactivated_prices: 0,
      };
      for (const product of await allProducts(this.db)) {
        const stripeProductId = await this.syncProduct(stripe, actor, product);
        summary.products++;
        for (const price of await pricesOfProduct(this.db, product.id)) {
          const result = await this.syncPrice(stripe, actor, price, stripeProductId);
          summary.prices++;
          if (result.created) summary.created_prices++;
          if (result.deactivated) summary.deactivated_prices++;
        }
      }
      return summary;
    });
  }

  /** One price; its product is synced first if it has no Stripe Product yet. */
  async syncOnePrice(actor: Actor, priceId: number): Promise<TPrice> {
    const { stripe } = this;
    return this.serialize(async () => {
      const price = await findPriceById(this.db, priceId);
      if (!price) throw AppError.notFound(MSG.price_not_found);
      const product = await findProductById(this.db, price.productId);
      if (!product) throw AppError.notFound(MSG.product_not_found);
      const stripeProductId = product.stripeProductId ?? (await this.syncProduct(stripe, actor, product));
      await this.syncPrice(stripe, actor, price, stripeProductId);
      const after = await findPriceById(this.db, priceId);
      if (!after) throw AppError.notFound(MSG.price_not_found);
      return toApiPrice(after);
    });
  }

  private async syncProduct(stripe: StripeCatalogue, actor: Actor, product: ProductRow): Promise<string> {
    const result = await this.talk(`product ${product.id}`, () => stripe.upsertProduct(product));
    await this.db.transaction(async (tx) => {
      const now = await lockProductById(tx, product.id);
      if (!now) return;
      // An edit while Stripe was answering leaves the product unsynced (but linked to its Stripe Product).
      const same = now.name === product.name && now.description === product.description;
      await markProductSynced(tx, product.id, result.id, same ? new Date() : null);
      await auditChange(tx, actor, 'product.sync', product.id, {
        stripe_product_id: result.id,
        created: result.created,
      });
    });
    return result.id;
  }

  private async syncPrice(
    stripe: StripeCatalogue,
    actor: Actor,
    price: PriceRow,
    stripeProductId: string,
  ): Promise<{ created: boolean; deactivated: boolean }> {
    // Saving refuses such a price; one stored before that rule must not reach Stripe rounded.
    const problem = this.priceProblem(price.unitAmount, price.currency);
    if (problem) {
      const message = PRICE_PROBLEM_MESSAGES[problem];
      throw AppError.badRequest(message, { unit_amount: message });
    }
    const result = await this.talk(`price ${price.id}`, () => stripe.syncPrice(price, stripeProductId));
    const stored = await this.db.transaction(async (tx) => {
      const now = await lockPriceById(tx, price.id);
      if (!now) return false;
      // Synced only if Stripe's Price still shows what the row says; otherwise the next sync replaces it.
      const same =
        now.productId === price.productId &&
        now.currency === price.currency &&
        now.unitAmount === price.unitAmount;
      await markPriceSynced(tx, price.id, result.id, same ? new Date() : null);
      await auditChange(tx, actor, 'price.sync', price.id, {
        stripe_price_id: result.id,
        stripe_product_id: stripeProductId,
        created: result.created,
        replaced: result.replaced,
        currency: price.currency,
        unit_amount: price.unitAmount,
      });
      return true;
    });
    // Deleted while Stripe was answering: the new Stripe Price stands for nothing.
    const retire = stored ? result.replaced : result.created ? result.id : null;
    if (retire) await this.talk(`price ${price.id}`, () => stripe.deactivatePrice(retire));
    return { created: result.created, deactivated: retire !== null };
  }
}
