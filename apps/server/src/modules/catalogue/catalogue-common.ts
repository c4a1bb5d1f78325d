import {
  formatEventTime,
  isCurrency,
  MSG,
  type TEncryptedSelect,
  type TPrice,
  type TProduct,
  WIRE_CONTEXT,
} from '@ezrecharge/shared';
import { foreignKeyViolation, uniqueViolation } from '../../infra/db-errors';
import { AppError } from '../../infra/http';
import { encryptWireJson } from '../../infra/wire-crypto';
import { PRICE_KEY_INDEX, type PriceWithProduct, type ProductRow } from './catalogue-repository';

/**
 * What the product, price and sync services share: messages, the acting admin, row → API shapes, the sealed
 * (wire-encrypted) envelope of the public selects, and the database errors that mean a refused write.
 */

/**
 * SPEC.md §8 names 'User Deleted' for every delete and 'Profile updated successfully!' for price add/edit; the shop
 * says what happened instead (issue #32, listed in message-texts.ts). 'Release product successfully' is SPEC.md's.
 */
export const CATALOGUE_MESSAGES = {
  productSaved: MSG.product_saved,
  priceSaved: MSG.price_saved,
  productDeleted: MSG.product_deleted,
  priceDeleted: MSG.price_deleted,
  released: MSG.release_success,
  productsSynced: MSG.products_synced,
  priceSynced: MSG.price_synced,
  productHasOrders: MSG.product_has_orders,
  priceHasOrders: MSG.price_has_orders,
  priceTaken: MSG.price_taken,
  productMissing: MSG.product_missing,
  stripeRefused: MSG.stripe_refused,
} as const;

/** Who is acting, for the audit row. */
export interface Actor {
  id: number;
  ip?: string | null;
}

export function toApiProduct(row: ProductRow, packs: number[]): TProduct {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    image: row.image,
    comment: row.comment,
    description: row.description,
    pay_note: row.payNote,
    status: row.status,
    release: row.release,
    price_list: packs,
    synced_at: row.syncedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toApiPrice(row: PriceWithProduct): TPrice {
  // Only the API writes prices, and it accepts only the shop's currencies.
  if (!isCurrency(row.currency)) throw new Error(`price ${row.id} has an unsupported currency`);
  return {
    id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    code: row.code,
    currency: row.currency,
    game_amount: row.gameAmount,
    unit_amount: row.unitAmount,
    synced_at: row.syncedAt?.toISOString() ?? null,
  };
}

/**
 * The public selects' `data`: the value wire-encrypted (DESIGN.md §5) with the current UTC+8 event time, which
 * travels beside it as `timestamp` and is the client's cache key.
 */
export function sealSelect(value: unknown, now: Date = new Date()): TEncryptedSelect {
  const timestamp = formatEventTime(now);
  return { data: encryptWireJson(value, timestamp, WIRE_CONTEXT.select), timestamp };
}

export const priceTakenError = (): AppError =>
  AppError.conflict(CATALOGUE_MESSAGES.priceTaken, { game_amount: CATALOGUE_MESSAGES.priceTaken });

export const productMissingError = (): AppError =>
  AppError.badRequest(CATALOGUE_MESSAGES.productMissing, { product_id: CATALOGUE_MESSAGES.productMissing });

/**
 * A price write's database error as the answer the checks before it give: a lost race for (product, currency,
 * diamonds) is the same 409, a product deleted meanwhile the same 400; anything else stays as it is.
 */
export function priceWriteError(err: unknown): unknown {
  if (uniqueViolation(err) === PRICE_KEY_INDEX) return priceTakenError();
  if (foreignKeyViolation(err) !== null) return productMissingError();
  return err;
}
