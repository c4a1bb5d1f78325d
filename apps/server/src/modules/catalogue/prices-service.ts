import {
  CURRENCIES,
  currencyName,
  isCurrency,
  MSG,
  pageWindow,
  type TCurrency,
  type TEncryptedSelect,
  type TPage,
  type TPageQuery,
  type TPrice,
  type TPriceInput,
  type TPriceSelect,
  toPage,
} from '@ezrecharge/shared';
import { auditChange } from '../../infra/audit';
import type { Db, DbOrTx } from '../../infra/db';
import { AppError } from '../../infra/http';
import {
  type Actor,
  CATALOGUE_MESSAGES,
  priceTakenError,
  priceWriteError,
  productMissingError,
  sealSelect,
  toApiPrice,
} from './catalogue-common';
import {
  deletePrice,
  findPriceById,
  findPriceByKey,
  findProductById,
  insertPrice,
  listPrices,
  lockPriceById,
  type PriceRow,
  priceHasOrders,
  pricesOfProduct,
  updatePrice,
} from './catalogue-repository';

export interface PriceListQuery extends TPageQuery {
  product_id: number;
  currency?: TCurrency | undefined;
  game_amount?: number | undefined;
}

export type SelectLang = 'en' | 'zh';

/**
 * The decrypted price select of one product: the currencies it has prices in, in the shop's order with names in
 * `lang`, and per currency its packs by diamonds ascending.
 */
export function buildPriceSelect(rows: readonly PriceRow[], lang: SelectLang): TPriceSelect {
  const byCurrency = new Map<TCurrency, TPriceSelect['prices'][string]>();
  for (const row of rows) {
    if (!isCurrency(row.currency)) continue;
    const list = byCurrency.get(row.currency) ?? [];
    list.push({
      id: row.id,
      currency: row.currency,
      game_amount: row.gameAmount,
      unit_amount: row.unitAmount,
    });
    byCurrency.set(row.currency, list);
  }
  const currencies: TPriceSelect['currencies'] = [];
  const prices: TPriceSelect['prices'] = {};
  for (const { code } of CURRENCIES) {
    const packs = byCurrency.get(code);
    if (!packs) continue;
    currencies.push({ code, name: currencyName(code, lang) });
    prices[code] = packs.sort((a, b) => a.game_amount - b.game_amount || a.id - b.id);
  }
  return { currencies, prices };
}

async function productExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await findProductById(db, id)) !== undefined;
}

/** Stripe shows the amount and currency of a Price under one product and cannot change them afterwards. */
function changesStripePrice(before: PriceRow, after: PriceRow): boolean {
  return (
    before.productId !== after.productId ||
    before.currency !== after.currency ||
    before.unitAmount !== after.unitAmount
  );
}

/** Prices (SPEC.md §2, §3, §5, §7): the admin list and edits (superuser only, by the routes) and the public select. */
export class PricesService {
  constructor(private readonly db: Db) {}

  private async withProduct(db: DbOrTx, id: number): Promise<TPrice> {
    const row = await findPriceById(db, id);
    if (!row) throw AppError.notFound(MSG.price_not_found);
    return toApiPrice(row);
  }

  async list(query: PriceListQuery): Promise<TPage<TPrice>> {
    const { rows, total } = await listPrices(
      this.db,
      { productId: query.product_id, currency: query.currency, gameAmount: query.game_amount },
      pageWindow(query),
    );
    return toPage(rows.map(toApiPrice), total, query);
  }

  async get(id: number): Promise<TPrice> {
    return this.withProduct(this.db, id);
  }

  async create(actor: Actor, input: TPriceInput): Promise<TPrice> {
    try {
      return await this.db.transaction(async (tx) => {
        if (!(await productExists(tx, input.product_id))) throw productMissingError();
        const key = { productId: input.product_id, currency: input.currency, gameAmount: input.game_amount };
        if ((await findPriceByKey(tx, key)) !== undefined) throw priceTakenError();
        const created = await insertPrice(tx, { ...key, unitAmount: input.unit_amount });
        await auditChange(tx, actor, 'price.create', created.id, { ...input });
        return this.withProduct(tx, created.id);
      });
    } catch (err) {
      throw priceWriteError(err);
    }
  }

  /**
   * Edits a price. A change Stripe cannot apply to its Price (product, currency, amount) clears `synced_at`; the
   * code keeps the old Stripe Price id, so the next sync replaces that Price and deactivates it.
   */
  async update(actor: Actor, id: number, input: TPriceInput): Promise<TPrice> {
    try {
      return await this.db.transaction(async (tx) => {
        const before = await lockPriceById(tx, id);
        if (!before) throw AppError.notFound(MSG.price_not_found);
        if (!(await productExists(tx, input.product_id))) throw productMissingError();
        const key = { productId: input.product_id, currency: input.currency, gameAmount: input.game_amount };
        if ((await findPriceByKey(tx, key, id)) !== undefined) throw priceTakenError();
        const wanted = { ...before, ...key, unitAmount: input.unit_amount };
        const after = await updatePrice(tx, id, {
          ...key,
          unitAmount: input.unit_amount,
          ...(changesStripePrice(before, wanted) ? { syncedAt: null } : {}),
        });
        if (!after) throw AppError.notFound(MSG.price_not_found);
        await auditChange(tx, actor, 'price.update', id, {
          from: {
            product_id: before.productId,
            currency: before.currency,
            game_amount: before.gameAmount,
            unit_amount: before.unitAmount,
          },
          to: { ...input },
        });
        return this.withProduct(tx, id);
      });
    } catch (err) {
      throw priceWriteError(err);
    }
  }

  /** Deletes a price no order was placed with (the row lock makes a concurrent order wait, then fail its key). */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await lockPriceById(tx, id);
      if (!target) throw AppError.notFound(MSG.price_not_found);
      if (await priceHasOrders(tx, id)) throw AppError.badRequest(CATALOGUE_MESSAGES.priceHasOrders);
      await deletePrice(tx, id);
      await auditChange(tx, actor, 'price.delete', id, {
        product_id: target.productId,
        currency: target.currency,
        game_amount: target.gameAmount,
        unit_amount: target.unitAmount,
        code: target.code,
      });
    });
  }

  /** The price select of a released product (before encryption); 404 for an unknown or unreleased one. */
  async releasedPrices(productId: number, lang: SelectLang): Promise<TPriceSelect> {
    const product = await findProductById(this.db, productId);
    if (!product?.release) throw AppError.notFound(MSG.product_not_found);
    return buildPriceSelect(await pricesOfProduct(this.db, productId), lang);
  }

  /** GET /price/select/{productId}: the price select, wire-encrypted. */
  async publicSelect(productId: number, lang: SelectLang): Promise<TEncryptedSelect> {
    return sealSelect(await this.releasedPrices(productId, lang));
  }
}
