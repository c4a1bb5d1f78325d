import { toStripeAmount } from '@ezrecharge/shared';
import Stripe from 'stripe';

/**
 * The catalogue's side of Stripe (DESIGN.md §2, §7), on the same SDK client as Checkout: Products mirror our
 * products, Prices our prices. Stripe Prices are immutable in product, currency and amount, so a changed price gets
 * a new Stripe Price and the old one is deactivated. Metadata `ezrecharge_product_id` / `ezrecharge_price_id` lead
 * back from Stripe to us. Calls throw Stripe's errors; the caller maps them (describeStripeFailure for the log).
 */

/** Stripe takes only absolute image URLs; uploads are relative to our site, so they are left out. */
export function stripeImages(image: string): string[] | undefined {
  return /^https:\/\/\S+$/i.test(image) ? [image] : undefined;
}

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && err.code === 'resource_missing';
}

export interface StripeProductSource {
  id: number;
  name: string;
  description: string;
  image: string;
  stripeProductId: string | null;
}

export interface StripePriceSource {
  id: number;
  productId: number;
  currency: string;
  gameAmount: number;
  unitAmount: number;
  /** The Stripe Price id of the last sync, or '' (or an operator's code that is no Stripe id). */
  code: string;
}

export interface PriceSyncResult {
  /** The Stripe Price that now stands for the price. */
  id: string;
  created: boolean;
  /** The previous Stripe Price, still active, that the new one replaces (deactivate it once the new id is stored). */
  replaced: string | null;
}

function productIdOf(product: Stripe.Price['product']): string {
  return typeof product === 'string' ? product : product.id;
}

export class StripeCatalogue {
  constructor(private readonly stripe: Stripe) {}

  /** Updates the product's Stripe Product, or creates one (also when the stored one was deleted in Stripe). */
  async upsertProduct(product: StripeProductSource): Promise<{ id: string; created: boolean }> {
    const metadata = { ezrecharge_product_id: String(product.id) };
    const images = stripeImages(product.image);
    if (product.stripeProductId) {
      try {
        const updated = await this.stripe.products.update(product.stripeProductId, {
          name: product.name,
          // An empty string clears the description in Stripe.
          description: product.description,
          metadata,
          ...(images ? { images } : {}),
        });
        return { id: updated.id, created: false };
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    const created = await this.stripe.products.create({
      name: product.name,
      // Stripe refuses an empty description on create.
      ...(product.description ? { description: product.description } : {}),
      metadata,
      ...(images ? { images } : {}),
    });
    return { id: created.id, created: true };
  }

  /**
   * Makes a Stripe Price of `stripeProductId` stand for the price. The Stripe Price of the last sync is kept (and
   * its nickname and metadata refreshed) when its product, currency and amount are still ours; otherwise a new
   * one is created and the old one reported as replaced.
   */
  async syncPrice(price: StripePriceSource, stripeProductId: string): Promise<PriceSyncResult> {
    const currency = price.currency.toLowerCase();
    // Our ISO minor units in Stripe's unit; throws rather than rounds (the sync service checks the price first).
    const unitAmount = toStripeAmount(price.unitAmount, price.currency);
    const nickname = `${price.gameAmount} diamonds`;
    const metadata = {
      ezrecharge_price_id: String(price.id),
      ezrecharge_product_id: String(price.productId),
      game_amount: String(price.gameAmount),
    };
    let previous: Stripe.Price | null = null;
    if (price.code.startsWith('price_')) {
      try {
        previous = await this.stripe.prices.retrieve(price.code);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    if (
      previous &&
      previous.unit_amount === unitAmount &&
      previous.currency === currency &&
      productIdOf(previous.product) === stripeProductId
    ) {
      const kept = await this.stripe.prices.update(previous.id, { active: true, nickname, metadata });
      return { id: kept.id, created: false, replaced: null };
    }
    const created = await this.stripe.prices.create({
      product: stripeProductId,
      currency,
      unit_amount: unitAmount,
      nickname,
      metadata,
    });
    return { id: created.id, created: true, replaced: previous?.active ? previous.id : null };
  }

  /** Takes a Stripe Price out of use (Prices cannot be deleted). */
  async deactivatePrice(id: string): Promise<void> {
    await this.stripe.prices.update(id, { active: false });
  }
}
