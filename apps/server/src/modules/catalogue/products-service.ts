import {
  MSG,
  pageWindow,
  type TEncryptedSelect,
  type TPage,
  type TPageQuery,
  type TProduct,
  type TProductInput,
  type TProductSelectItem,
  toPage,
} from '@ezrecharge/shared';
import { auditChange } from '../../infra/audit';
import type { Db, DbOrTx } from '../../infra/db';
import { AppError } from '../../infra/http';
import { type Actor, CATALOGUE_MESSAGES, sealSelect, toApiProduct } from './catalogue-common';
import {
  deleteProductWithPrices,
  findProductById,
  insertProduct,
  listProducts,
  lockProductById,
  type ProductRow,
  packSizes,
  productHasOrders,
  releasedProducts,
  updateProduct,
} from './catalogue-repository';

export interface ProductListQuery extends TPageQuery {
  name?: string | undefined;
  code?: string | undefined;
  /** '1' released, '0' not released. */
  status?: '0' | '1' | undefined;
}

/** The API fields of a product mapped to its columns, in the order the audit lists them. */
const EDITABLE = [
  ['name', 'name'],
  ['image', 'image'],
  ['comment', 'comment'],
  ['code', 'code'],
  ['description', 'description'],
  ['pay_note', 'payNote'],
] as const;

function columnsOf(input: TProductInput) {
  return {
    name: input.name,
    image: input.image,
    comment: input.comment,
    code: input.code,
    description: input.description,
    payNote: input.pay_note,
  };
}

/** The edited fields that really changed, as `{ field: { from, to } }`. */
export function productChanges(
  before: ProductRow,
  after: ProductRow,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [name, column] of EDITABLE) {
    if (before[column] !== after[column]) out[name] = { from: before[column], to: after[column] };
  }
  return out;
}

/** Products (SPEC.md §2, §3, §5, §7): the admin list and edits (superuser only, by the routes) and the public select. */
export class ProductsService {
  constructor(private readonly db: Db) {}

  private async withPacks(db: DbOrTx, rows: ProductRow[]): Promise<TProduct[]> {
    const packs = await packSizes(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toApiProduct(r, packs.get(r.id) ?? []));
  }

  private async one(db: DbOrTx, row: ProductRow): Promise<TProduct> {
    const [product] = await this.withPacks(db, [row]);
    if (!product) throw new Error('product mapping lost its row');
    return product;
  }

  async list(query: ProductListQuery): Promise<TPage<TProduct>> {
    const { rows, total } = await listProducts(
      this.db,
      {
        name: query.name,
        code: query.code,
        release: query.status === undefined ? undefined : query.status === '1',
      },
      pageWindow(query),
    );
    return toPage(await this.withPacks(this.db, rows), total, query);
  }

  async get(id: number): Promise<TProduct> {
    const row = await findProductById(this.db, id);
    if (!row) throw AppError.notFound(MSG.product_not_found);
    return this.one(this.db, row);
  }

  async create(actor: Actor, input: TProductInput): Promise<TProduct> {
    const row = await this.db.transaction(async (tx) => {
      const created = await insertProduct(tx, { ...columnsOf(input), createdBy: actor.id });
      await auditChange(tx, actor, 'product.create', created.id, {
        name: created.name,
        code: created.code,
        release: created.release,
      });
      return created;
    });
    return toApiProduct(row, []);
  }

  async update(actor: Actor, id: number, input: TProductInput): Promise<TProduct> {
    return this.db.transaction(async (tx) => {
      const before = await lockProductById(tx, id);
      if (!before) throw AppError.notFound(MSG.product_not_found);
      const values = columnsOf(input);
      // The Stripe Product shows the name and description: a product whose copy there is stale is not synced.
      const needsSync = before.name !== values.name || before.description !== values.description;
      const after = await updateProduct(tx, id, needsSync ? { ...values, syncedAt: null } : values);
      if (!after) throw AppError.notFound(MSG.product_not_found);
      await auditChange(tx, actor, 'product.update', id, { changed: productChanges(before, after) });
      return this.one(tx, after);
    });
  }

  /**
   * Deletes a product with its prices, unless an order names it or one of its prices. The product row is locked
   * first: an order being written for it holds a key-share lock on it, so either that order is committed (and
   * seen here) or it waits and then fails its foreign key.
   */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await lockProductById(tx, id);
      if (!target) throw AppError.notFound(MSG.product_not_found);
      if (await productHasOrders(tx, id)) throw AppError.badRequest(CATALOGUE_MESSAGES.productHasOrders);
      const prices = await deleteProductWithPrices(tx, id);
      await auditChange(tx, actor, 'product.delete', id, {
        name: target.name,
        code: target.code,
        stripe_product_id: target.stripeProductId,
        prices_deleted: prices,
      });
    });
  }

  /** Lists the product on the shop if it is not, takes it off if it is. */
  async toggleRelease(actor: Actor, id: number): Promise<TProduct> {
    return this.db.transaction(async (tx) => {
      const before = await lockProductById(tx, id);
      if (!before) throw AppError.notFound(MSG.product_not_found);
      const after = await updateProduct(tx, id, { release: !before.release });
      if (!after) throw AppError.notFound(MSG.product_not_found);
      await auditChange(tx, actor, 'product.release', id, { release: after.release });
      return this.one(tx, after);
    });
  }

  /** The released products, newest first, as the public select shows them (before encryption). */
  async releasedList(): Promise<TProductSelectItem[]> {
    const rows = await releasedProducts(this.db);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      code: r.code,
      image: r.image,
      comment: r.comment,
      description: r.description,
      pay_note: r.payNote,
    }));
  }

  /** GET /product/select: the released products, wire-encrypted. */
  async publicSelect(): Promise<TEncryptedSelect> {
    return sealSelect(await this.releasedList());
  }
}
