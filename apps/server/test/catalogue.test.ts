import {
  decryptWireJson,
  MESSAGES,
  parseEventTime,
  WIRE_CONTEXT,
  ZEncryptedSelect,
  ZPriceSelect,
  ZProductSelect,
} from '@ezrecharge/shared';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, prices, products } from '../src/db/schema';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import { CATALOGUE_MESSAGES } from '../src/modules/catalogue/catalogue-common';
import { adminAndPlainUser, apiCaller, auditRows as auditRowsOf, type Method } from './support/api';
import { bearer } from './support/auth';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe';
import { insertOrder } from './support/orders';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/** Products, prices, their public encrypted selects and the Stripe sync (SPEC.md §2–§9, DESIGN.md §5), end to end. */

interface ApiProduct {
  id: number;
  name: string;
  code: string;
  image: string;
  comment: string;
  description: string;
  pay_note: string;
  status: number;
  release: boolean;
  price_list: number[];
  synced_at: string | null;
  created_at: string;
  updated_at: string;
}

interface ApiPrice {
  id: number;
  product_id: number;
  product_name: string;
  code: string;
  currency: string;
  game_amount: number;
  unit_amount: number;
  synced_at: string | null;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const IMAGE = `/api/v1/attachment/download?file_path=product/${'c'.repeat(32)}.png`;

function client(get: () => TestApp) {
  return apiCaller(() => get().app);
}

const newProduct = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  image: '',
  comment: `Comment of ${name}`,
  code: `code-${name.toLowerCase().replace(/\W+/g, '-')}`,
  description: `About ${name}`,
  pay_note: 'Not refundable',
  ...extra,
});

async function decryptSelect(body: unknown): Promise<{ value: unknown; timestamp: string }> {
  const { data } = body as { data: unknown };
  const sealed = ZEncryptedSelect.parse(data);
  return {
    value: await decryptWireJson(sealed.data, sealed.timestamp, WIRE_CONTEXT.select),
    timestamp: sealed.timestamp,
  };
}

describe('catalogue admin and public selects', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let plain: string;
  let seedProductId: number;
  const call = client(() => t);

  const auditRows = (action: string, entityId: number) => auditRowsOf(t, action, entityId);

  const createProduct = async (name: string, extra: Record<string, unknown> = {}): Promise<ApiProduct> => {
    const res = await call('POST', '/api/v1/product/', admin, newProduct(name, extra));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ApiProduct;
  };

  const createPrice = async (
    productId: number,
    currency: string,
    gameAmount: number,
    unitAmount: number,
  ): Promise<ApiPrice> => {
    const res = await call('POST', '/api/v1/price/create', admin, {
      product_id: productId,
      currency,
      game_amount: gameAmount,
      unit_amount: unitAmount,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ApiPrice;
  };

  beforeAll(async () => {
    t = await startTestApp();
    ({ admin, adminId, plain } = await adminAndPlainUser(t));
    const [seed] = await t.app.database.db.select().from(products).where(eq(products.code, 'bigo-diamonds'));
    seedProductId = seed?.id ?? 0;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('who may call', () => {
    const adminCalls = (productId: number, priceId: number): [Method, string, Record<string, unknown>?][] => [
      ['GET', '/api/v1/product/'],
      ['GET', `/api/v1/product/${productId}`],
      ['POST', '/api/v1/product/', newProduct('Never made')],
      ['PUT', `/api/v1/product/${productId}`, newProduct('Hijacked')],
      ['DELETE', `/api/v1/product/${productId}`],
      ['GET', `/api/v1/product/release?product_id=${productId}`],
      ['GET', '/api/v1/product/sync'],
      ['GET', `/api/v1/price/page?product_id=${productId}`],
      ['GET', `/api/v1/price/${priceId}`],
      [
        'POST',
        '/api/v1/price/create',
        { product_id: productId, currency: 'HKD', game_amount: 77, unit_amount: 100 },
      ],
      [
        'PUT',
        `/api/v1/price/update/${priceId}`,
        { product_id: productId, currency: 'SGD', game_amount: 100, unit_amount: 1 },
      ],
      ['DELETE', `/api/v1/price/delete/${priceId}`],
      ['GET', `/api/v1/price/sync/${priceId}`],
    ];

    const firstSeedPrice = async () => {
      const [p] = await t.app.database.db
        .select()
        .from(prices)
        .where(eq(prices.productId, seedProductId))
        .orderBy(asc(prices.id))
        .limit(1);
      return p?.id ?? 0;
    };

    it('refuses every admin call without a session (401)', async () => {
      for (const [method, url, body] of adminCalls(seedProductId, await firstSeedPrice())) {
        const res = await call(method, url, undefined, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 'unauthorized' });
      }
    });

    it('refuses every admin call from an ordinary user (403) and changes nothing', async () => {
      const priceId = await firstSeedPrice();
      const before = await t.app.database.db.select().from(prices).where(eq(prices.productId, seedProductId));
      for (const [method, url, body] of adminCalls(seedProductId, priceId)) {
        const res = await call(method, url, plain, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'forbidden' });
      }
      const [seed] = await t.app.database.db.select().from(products).where(eq(products.id, seedProductId));
      expect(seed).toMatchObject({ name: 'BIGO LIVE Diamonds', release: true });
      const after = await t.app.database.db.select().from(prices).where(eq(prices.productId, seedProductId));
      expect(after).toEqual(before);
      const made = await t.app.database.db.select().from(products).where(eq(products.name, 'Never made'));
      expect(made).toEqual([]);
    });

    it('lets anyone read the public selects without a session', async () => {
      expect((await call('GET', '/api/v1/product/select?release=1')).statusCode).toBe(200);
      expect((await call('GET', `/api/v1/price/select/${seedProductId}`)).statusCode).toBe(200);
    });
  });

  describe('products', () => {
    it('lists the seeded product with its pack sizes ascending', async () => {
      const res = await call('GET', '/api/v1/product/?code=bigo-diamonds', admin);
      expect(res.statusCode).toBe(200);
      const { data } = res.json() as { data: { page_data: ApiProduct[]; total: number } };
      expect(data.total).toBe(1);
      expect(data.page_data[0]).toMatchObject({
        id: seedProductId,
        name: 'BIGO LIVE Diamonds',
        release: true,
        price_list: [100, 500, 1000, 5000, 10000, 40000],
        synced_at: null,
      });
    });

    it('adds a product (not released), answers the API shape and audits it', async () => {
      const res = await call('POST', '/api/v1/product/', admin, newProduct('Gold Pack', { image: IMAGE }));
      expect(res.statusCode).toBe(200);
      const body = res.json() as { message: string; data: ApiProduct };
      expect(body.message).toBe('Product saved successfully');
      expect(body.data).toEqual({
        id: expect.any(Number),
        name: 'Gold Pack',
        code: 'code-gold-pack',
        image: IMAGE,
        comment: 'Comment of Gold Pack',
        description: 'About Gold Pack',
        pay_note: 'Not refundable',
        status: 1,
        release: false,
        price_list: [],
        synced_at: null,
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      const audit = await auditRows('product.create', body.data.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'product' });
      expect(audit[0]?.detail).toMatchObject({ name: 'Gold Pack', code: 'code-gold-pack' });

      const [row] = await t.app.database.db.select().from(products).where(eq(products.id, body.data.id));
      expect(row?.createdBy).toBe(adminId);
    });

    it('trims the fields and keeps optional ones empty', async () => {
      const res = await call('POST', '/api/v1/product/', admin, { name: '  Bare  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        name: 'Bare',
        code: '',
        image: '',
        comment: '',
        description: '',
        pay_note: '',
      });
    });

    it('answers 400 with the SPEC.md messages under the fields', async () => {
      const empty = await call('POST', '/api/v1/product/', admin, newProduct(''));
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'validation_failed', errors: { name: 'Name is required' } });

      const blank = await call('POST', '/api/v1/product/', admin, newProduct('   '));
      expect(blank.json().errors).toEqual({ name: MESSAGES.name_required });

      const long = await call(
        'POST',
        '/api/v1/product/',
        admin,
        newProduct('n'.repeat(65), { code: 'long' }),
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toEqual({ name: 'Name must be less than 64 characters' });
      const sixtyFour = await call(
        'POST',
        '/api/v1/product/',
        admin,
        newProduct('n'.repeat(64), { code: 'long' }),
      );
      expect(sixtyFour.statusCode).toBe(200);

      const missing = await call('POST', '/api/v1/product/', admin, { code: 'x' });
      expect(missing.json().errors).toEqual({ name: MESSAGES.name_required });

      const foreign = await call(
        'POST',
        '/api/v1/product/',
        admin,
        newProduct('Foreign image', { image: 'https://evil.example/x.png' }),
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual({ image: 'Image must be an uploaded product image' });

      const longs = await call(
        'POST',
        '/api/v1/product/',
        admin,
        newProduct('Longs', {
          code: 'c'.repeat(65),
          comment: 'x'.repeat(257),
          description: 'd'.repeat(2001),
        }),
      );
      expect(longs.json().errors).toEqual({
        code: MESSAGES.max_64,
        comment: MESSAGES.text_max_256,
        description: MESSAGES.text_max_2000,
      });
    });

    it('shows one product; 404 for an unknown id, 400 for a malformed one', async () => {
      const created = await createProduct('Shown Product');
      const res = await call('GET', `/api/v1/product/${created.id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(created);

      const missing = await call('GET', '/api/v1/product/999999', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'not_found', message: 'Product not found' });
      for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
        expect((await call('GET', `/api/v1/product/${id}`, admin)).statusCode, id).toBe(400);
      }
    });

    it('edits a product and audits exactly what changed', async () => {
      const created = await createProduct('Edit Me');
      const res = await call(
        'PUT',
        `/api/v1/product/${created.id}`,
        admin,
        newProduct('Edited Name', { code: created.code, image: IMAGE }),
      );
      expect(res.statusCode).toBe(200);
      const body = res.json() as { message: string; data: ApiProduct };
      expect(body.message).toBe('Product saved successfully');
      expect(body.data).toMatchObject({
        id: created.id,
        name: 'Edited Name',
        image: IMAGE,
        code: created.code,
        description: 'About Edited Name',
      });
      expect(Date.parse(body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
      const audit = await auditRows('product.update', created.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]?.detail).toEqual({
        changed: {
          name: { from: 'Edit Me', to: 'Edited Name' },
          image: { from: '', to: IMAGE },
          comment: { from: 'Comment of Edit Me', to: 'Comment of Edited Name' },
          description: { from: 'About Edit Me', to: 'About Edited Name' },
        },
      });

      const missing = await call('PUT', '/api/v1/product/999999', admin, newProduct('Nobody'));
      expect(missing.statusCode).toBe(404);
      const bad = await call('PUT', `/api/v1/product/${created.id}`, admin, newProduct(''));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ name: 'Name is required' });
    });

    it('toggles release both ways with its message, and audits each', async () => {
      const created = await createProduct('Toggle Me');
      const on = await call('GET', `/api/v1/product/release?product_id=${created.id}`, admin);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ message: 'Release product successfully', data: { release: true } });
      const off = await call('GET', `/api/v1/product/release?product_id=${created.id}`, admin);
      expect(off.json()).toMatchObject({ message: 'Release product successfully', data: { release: false } });
      const audit = await auditRows('product.release', created.id);
      expect(audit.map((a) => a.detail)).toEqual([{ release: true }, { release: false }]);

      expect((await call('GET', '/api/v1/product/release?product_id=999999', admin)).statusCode).toBe(404);
      expect((await call('GET', '/api/v1/product/release', admin)).statusCode).toBe(400);
      expect((await call('GET', '/api/v1/product/release?product_id=x', admin)).statusCode).toBe(400);
    });

    describe('the list', () => {
      beforeAll(async () => {
        for (let i = 1; i <= 7; i++) await createProduct(`Listed ${i} Pack`, { code: `listed-${i}` });
        await createProduct('Fifty%Off', { code: 'wild-1' });
        await createProduct('Under_Score', { code: 'wild-2' });
        await createProduct('UnderXScore', { code: 'wild-3' });
        const released = await createProduct('Listed Released', { code: 'listed-released' });
        await call('GET', `/api/v1/product/release?product_id=${released.id}`, admin);
      });

      it('pages by 5 by default, newest first, with the total', async () => {
        const res = await call('GET', '/api/v1/product/?name=listed%20', admin);
        const { data } = res.json() as {
          data: { page_data: ApiProduct[]; total: number; page: number; page_size: number };
        };
        expect(data).toMatchObject({ total: 8, page: 1, page_size: 5 });
        expect(data.page_data.map((p) => p.name)).toEqual([
          'Listed Released',
          'Listed 7 Pack',
          'Listed 6 Pack',
          'Listed 5 Pack',
          'Listed 4 Pack',
        ]);
        const page2 = (await call('GET', '/api/v1/product/?name=listed%20&page=2', admin)).json().data;
        expect(page2.page_data.map((p: ApiProduct) => p.name)).toEqual([
          'Listed 3 Pack',
          'Listed 2 Pack',
          'Listed 1 Pack',
        ]);
        const page3 = (await call('GET', '/api/v1/product/?name=listed%20&page=3', admin)).json().data;
        expect(page3).toMatchObject({ page_data: [], total: 8, page: 3 });
      });

      it('filters by name and code (contains, any case) and by release status', async () => {
        const byName = (await call('GET', '/api/v1/product/?name=LISTED%203', admin)).json().data;
        expect(byName.page_data.map((p: ApiProduct) => p.name)).toEqual(['Listed 3 Pack']);
        const byCode = (await call('GET', '/api/v1/product/?code=LISTED-5', admin)).json().data;
        expect(byCode.page_data.map((p: ApiProduct) => p.code)).toEqual(['listed-5']);
        const both = (
          await call('GET', '/api/v1/product/?name=pack&code=listed-&page_size=100', admin)
        ).json().data;
        expect(both.total).toBe(7);

        const released = (await call('GET', '/api/v1/product/?code=listed&status=1', admin)).json().data;
        expect(released.page_data.map((p: ApiProduct) => p.name)).toEqual(['Listed Released']);
        const unreleased = (
          await call('GET', '/api/v1/product/?code=listed&status=0&page_size=100', admin)
        ).json().data;
        expect(unreleased.total).toBe(7);
        expect(unreleased.page_data.every((p: ApiProduct) => !p.release)).toBe(true);

        const all = (await call('GET', '/api/v1/product/?page_size=100', admin)).json().data;
        const count = await t.app.database.db.$count(products);
        expect(all.total).toBe(count);
        expect(all.page_data.map((p: ApiProduct) => p.id)).toContain(seedProductId);
      });

      it('takes % and _ in a filter literally', async () => {
        const percent = (await call('GET', `/api/v1/product/?name=${encodeURIComponent('%')}`, admin)).json()
          .data;
        expect(percent.page_data.map((p: ApiProduct) => p.name)).toEqual(['Fifty%Off']);
        const underscore = (await call('GET', '/api/v1/product/?name=r_s', admin)).json().data;
        expect(underscore.page_data.map((p: ApiProduct) => p.name)).toEqual(['Under_Score']);
      });

      it('refuses bad paging and filter values with 400', async () => {
        for (const q of ['page=0', 'page=abc', 'page_size=0', 'page_size=101', 'status=2', 'status=yes']) {
          expect((await call('GET', `/api/v1/product/?${q}`, admin)).statusCode, q).toBe(400);
        }
      });
    });

    describe('deleting', () => {
      it('deletes a product with its prices in one go, and audits it', async () => {
        const product = await createProduct('Doomed Product');
        await createPrice(product.id, 'SGD', 100, 250);
        await createPrice(product.id, 'MYR', 100, 800);
        const res = await call('DELETE', `/api/v1/product/${product.id}`, admin);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          message: 'Product deleted',
          message_key: 'product_deleted',
          data: null,
        });
        expect(await t.app.database.db.select().from(products).where(eq(products.id, product.id))).toEqual(
          [],
        );
        expect(await t.app.database.db.select().from(prices).where(eq(prices.productId, product.id))).toEqual(
          [],
        );
        const audit = await auditRows('product.delete', product.id);
        expect(audit).toHaveLength(1);
        expect(audit[0]?.detail).toMatchObject({ name: 'Doomed Product', prices_deleted: 2 });

        expect((await call('DELETE', `/api/v1/product/${product.id}`, admin)).statusCode).toBe(404);
      });

      it('refuses to delete a product any order names, and keeps it and its prices', async () => {
        const product = await createProduct('Ordered Product');
        const price = await createPrice(product.id, 'SGD', 100, 250);
        await insertOrder(t.app, { productId: product.id, priceId: null });
        const res = await call('DELETE', `/api/v1/product/${product.id}`, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'bad_request',
          message: 'This product has orders and cannot be deleted',
        });
        expect((await call('GET', `/api/v1/product/${product.id}`, admin)).statusCode).toBe(200);
        expect((await call('GET', `/api/v1/price/${price.id}`, admin)).statusCode).toBe(200);
        expect(await auditRows('product.delete', product.id)).toEqual([]);
      });

      it('also refuses when an order used one of its prices only', async () => {
        const product = await createProduct('Price Ordered Product');
        const price = await createPrice(product.id, 'USD', 100, 185);
        await insertOrder(t.app, { productId: null, priceId: price.id, currency: 'USD' });
        const res = await call('DELETE', `/api/v1/product/${product.id}`, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: 'This product has orders and cannot be deleted',
          message_key: CATALOGUE_MESSAGES.productHasOrders,
        });
      });
    });
  });

  describe('prices', () => {
    let productId: number;
    beforeAll(async () => {
      productId = (await createProduct('Priced Product')).id;
    });

    it('adds a price with the product name, its message and an audit row', async () => {
      const res = await call('POST', '/api/v1/price/create', admin, {
        product_id: productId,
        currency: 'SGD',
        game_amount: 100,
        unit_amount: 245,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { message: string; data: ApiPrice };
      expect(body.message).toBe('Price saved successfully');
      expect(body.data).toEqual({
        id: expect.any(Number),
        product_id: productId,
        product_name: 'Priced Product',
        code: '',
        currency: 'SGD',
        game_amount: 100,
        unit_amount: 245,
        synced_at: null,
      });
      const audit = await auditRows('price.create', body.data.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'price' });
      expect(audit[0]?.detail).toEqual({
        product_id: productId,
        currency: 'SGD',
        game_amount: 100,
        unit_amount: 245,
      });
      const product = (await call('GET', `/api/v1/product/${productId}`, admin)).json().data as ApiProduct;
      expect(product.price_list).toEqual([100]);
    });

    it('answers 400 with the messages under the fields', async () => {
      const base = { product_id: productId, currency: 'SGD', game_amount: 300, unit_amount: 500 };
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ game_amount: 0 }, { game_amount: MESSAGES.diamonds_range }],
        [{ game_amount: 100001 }, { game_amount: MESSAGES.diamonds_range }],
        [{ game_amount: 2.5 }, { game_amount: MESSAGES.diamonds_range }],
        [{ game_amount: undefined }, { game_amount: 'Diamonds is required' }],
        [{ game_amount: '100' }, { game_amount: 'Diamonds is required' }],
        [{ unit_amount: 12.5 }, { unit_amount: MESSAGES.price_positive }],
        [{ unit_amount: 0 }, { unit_amount: MESSAGES.price_positive }],
        [{ unit_amount: -5 }, { unit_amount: MESSAGES.price_positive }],
        [{ unit_amount: undefined }, { unit_amount: 'Price is required' }],
        [{ currency: 'EUR' }, { currency: MESSAGES.currency_required }],
        [{ currency: 'sgd' }, { currency: MESSAGES.currency_required }],
        [{ product_id: undefined }, { product_id: MESSAGES.product_required }],
      ];
      for (const [change, errors] of cases) {
        const res = await call('POST', '/api/v1/price/create', admin, { ...base, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().errors, JSON.stringify(change)).toEqual(errors);
      }
      expect(MESSAGES.diamonds_range).toBe('Diamonds must be a whole number from 1 to 100000');
      expect(MESSAGES.price_positive).toBe('Price must be a positive amount in cents');

      const edges = await call('POST', '/api/v1/price/create', admin, {
        ...base,
        game_amount: 100000,
        unit_amount: 1,
      });
      expect(edges.statusCode).toBe(200);
      const stored = await t.app.database.db.select().from(prices).where(eq(prices.productId, productId));
      expect(stored.map((p) => p.gameAmount).sort((a, b) => a - b)).toEqual([100, 100000]);
    });

    it('refuses under unit_amount a price Stripe cannot charge exactly, and stores nothing', async () => {
      const product = (await createProduct('Dinar Product')).id;
      // JOD has three decimals and Stripe wants the last one 0: 1.255 would be rounded, so it is refused.
      const refused = await call('POST', '/api/v1/price/create', admin, {
        product_id: product,
        currency: 'JOD',
        game_amount: 100,
        unit_amount: 1255,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'validation_failed',
        errors: { unit_amount: MESSAGES.price_three_decimal_tens },
      });
      expect(await t.app.database.db.select().from(prices).where(eq(prices.productId, product))).toEqual([]);

      // 1.250 and ¥500 are exact; an edit to 1.255 is refused the same way and leaves the price as it was.
      const jod = await createPrice(product, 'JOD', 100, 1250);
      const yen = await createPrice(product, 'JPY', 100, 500);
      expect(yen).toMatchObject({ currency: 'JPY', unit_amount: 500 });
      const edit = await call('PUT', `/api/v1/price/update/${jod.id}`, admin, {
        product_id: product,
        currency: 'JOD',
        game_amount: 100,
        unit_amount: 1251,
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().errors).toEqual({ unit_amount: MESSAGES.price_three_decimal_tens });
      const [stored] = await t.app.database.db.select().from(prices).where(eq(prices.id, jod.id));
      expect(stored?.unitAmount).toBe(1250);
    });

    it('answers 400 under product_id for a product that does not exist', async () => {
      // An id no serial can hold is refused by the schema; one that fits but names nothing, by the lookup.
      for (const [id, message] of [
        [999999, 'This product does not exist'],
        [3_000_000_000, MESSAGES.product_required],
      ] as const) {
        const res = await call('POST', '/api/v1/price/create', admin, {
          product_id: id,
          currency: 'SGD',
          game_amount: 100,
          unit_amount: 245,
        });
        expect(res.statusCode, String(id)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { product_id: message } });
      }
    });

    it('keeps one price per product, currency and diamonds (409), even under a race', async () => {
      const dup = await call('POST', '/api/v1/price/create', admin, {
        product_id: productId,
        currency: 'SGD',
        game_amount: 100,
        unit_amount: 999,
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({
        code: 'conflict',
        message: 'A price for this product, currency and diamonds already exists',
        errors: { game_amount: 'A price for this product, currency and diamonds already exists' },
      });

      // Same diamonds in another currency, or in the same currency of another product, are fine.
      await createPrice(productId, 'MYR', 100, 790);
      await createPrice(seedProductId, 'HKD', 100, 1400);

      const attempts = await Promise.all(
        [1, 2, 3].map((i) =>
          call('POST', '/api/v1/price/create', admin, {
            product_id: productId,
            currency: 'THB',
            game_amount: 555,
            unit_amount: 1000 + i,
          }),
        ),
      );
      expect(attempts.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      for (const r of attempts.filter((a) => a.statusCode === 409)) {
        expect(r.json().error_keys).toEqual({ game_amount: CATALOGUE_MESSAGES.priceTaken });
      }
    });

    it('lists a product’s prices by currency, then diamonds, with filters and paging', async () => {
      const listed = (await createProduct('Listed Prices')).id;
      for (const [currency, diamonds, amount] of [
        ['USD', 500, 920],
        ['SGD', 500, 1220],
        ['USD', 100, 185],
        ['SGD', 100, 245],
        ['MYR', 1000, 7900],
        ['SGD', 1000, 2440],
      ] as const) {
        await createPrice(listed, currency, diamonds, amount);
      }
      const res = await call('GET', `/api/v1/price/page?product_id=${listed}&page_size=100`, admin);
      expect(res.statusCode).toBe(200);
      const { data } = res.json() as { data: { page_data: ApiPrice[]; total: number; page_size: number } };
      expect(data.total).toBe(6);
      expect(data.page_data.map((p) => `${p.currency}:${p.game_amount}`)).toEqual([
        'MYR:1000',
        'SGD:100',
        'SGD:500',
        'SGD:1000',
        'USD:100',
        'USD:500',
      ]);
      expect(data.page_data.every((p) => p.product_name === 'Listed Prices')).toBe(true);

      const firstPage = (await call('GET', `/api/v1/price/page?product_id=${listed}`, admin)).json().data;
      expect(firstPage).toMatchObject({ total: 6, page: 1, page_size: 5 });
      expect(firstPage.page_data).toHaveLength(5);
      const second = (await call('GET', `/api/v1/price/page?product_id=${listed}&page=2`, admin)).json().data;
      expect(second.page_data.map((p: ApiPrice) => `${p.currency}:${p.game_amount}`)).toEqual(['USD:500']);

      const sgd = (await call('GET', `/api/v1/price/page?product_id=${listed}&currency=SGD`, admin)).json()
        .data;
      expect(sgd.page_data.map((p: ApiPrice) => p.game_amount)).toEqual([100, 500, 1000]);
      const packs = (
        await call('GET', `/api/v1/price/page?product_id=${listed}&game_amount=500`, admin)
      ).json().data;
      expect(packs.page_data.map((p: ApiPrice) => p.currency)).toEqual(['SGD', 'USD']);
      const both = (
        await call('GET', `/api/v1/price/page?product_id=${listed}&currency=USD&game_amount=100`, admin)
      ).json().data;
      expect(both.page_data).toHaveLength(1);
      expect(both.page_data[0]).toMatchObject({ currency: 'USD', game_amount: 100, unit_amount: 185 });

      for (const q of [
        '',
        'product_id=abc',
        `product_id=${listed}&currency=EUR`,
        `product_id=${listed}&page=0`,
      ]) {
        expect((await call('GET', `/api/v1/price/page?${q}`, admin)).statusCode, q).toBe(400);
      }
      const none = (await call('GET', '/api/v1/price/page?product_id=999999', admin)).json().data;
      expect(none).toMatchObject({ page_data: [], total: 0 });
    });

    it('shows one price; 404 for an unknown id', async () => {
      const price = await createPrice(productId, 'PHP', 100, 9900);
      const res = await call('GET', `/api/v1/price/${price.id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(price);
      const missing = await call('GET', '/api/v1/price/999999', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Price not found');
      expect((await call('GET', '/api/v1/price/abc', admin)).statusCode).toBe(400);
    });

    it('edits a price, audits before and after, and refuses a duplicate or unknown product', async () => {
      const price = await createPrice(productId, 'IDR', 100, 3_000_000);
      const res = await call('PUT', `/api/v1/price/update/${price.id}`, admin, {
        product_id: productId,
        currency: 'IDR',
        game_amount: 110,
        unit_amount: 3_100_000,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Price saved successfully',
        data: { id: price.id, currency: 'IDR', game_amount: 110, unit_amount: 3_100_000 },
      });
      const audit = await auditRows('price.update', price.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]?.detail).toEqual({
        from: { product_id: productId, currency: 'IDR', game_amount: 100, unit_amount: 3_000_000 },
        to: { product_id: productId, currency: 'IDR', game_amount: 110, unit_amount: 3_100_000 },
      });

      // Saving it unchanged is no conflict with itself.
      const same = await call('PUT', `/api/v1/price/update/${price.id}`, admin, {
        product_id: productId,
        currency: 'IDR',
        game_amount: 110,
        unit_amount: 3_100_000,
      });
      expect(same.statusCode).toBe(200);

      const dup = await call('PUT', `/api/v1/price/update/${price.id}`, admin, {
        product_id: productId,
        currency: 'SGD',
        game_amount: 100,
        unit_amount: 1,
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().errors).toEqual({
        game_amount: 'A price for this product, currency and diamonds already exists',
      });
      expect(dup.json().error_keys).toEqual({ game_amount: CATALOGUE_MESSAGES.priceTaken });

      const unknown = await call('PUT', `/api/v1/price/update/${price.id}`, admin, {
        product_id: 999999,
        currency: 'IDR',
        game_amount: 110,
        unit_amount: 1,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ product_id: 'This product does not exist' });
      expect(unknown.json().error_keys).toEqual({ product_id: CATALOGUE_MESSAGES.productMissing });

      const bad = await call('PUT', `/api/v1/price/update/${price.id}`, admin, {
        product_id: productId,
        currency: 'EUR',
        game_amount: 0,
        unit_amount: 12.5,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({
        currency: MESSAGES.currency_required,
        game_amount: MESSAGES.diamonds_range,
        unit_amount: MESSAGES.price_positive,
      });

      const missing = await call('PUT', '/api/v1/price/update/999999', admin, {
        product_id: productId,
        currency: 'IDR',
        game_amount: 1,
        unit_amount: 1,
      });
      expect(missing.statusCode).toBe(404);
      const [row] = await t.app.database.db.select().from(prices).where(eq(prices.id, price.id));
      expect(row).toMatchObject({ currency: 'IDR', gameAmount: 110, unitAmount: 3_100_000 });
    });

    it('deletes a price with its message and audit; refuses one an order used', async () => {
      const price = await createPrice(productId, 'CNY', 100, 1300);
      const res = await call('DELETE', `/api/v1/price/delete/${price.id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Price deleted', message_key: 'price_deleted', data: null });
      expect(await auditRows('price.delete', price.id)).toHaveLength(1);
      expect((await call('GET', `/api/v1/price/${price.id}`, admin)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/v1/price/delete/${price.id}`, admin)).statusCode).toBe(404);

      const used = await createPrice(productId, 'CNY', 200, 2600);
      await insertOrder(t.app, { productId, priceId: used.id, currency: 'CNY' });
      const refused = await call('DELETE', `/api/v1/price/delete/${used.id}`, admin);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'bad_request',
        message: 'This price is used by an order and cannot be deleted',
      });
      expect((await call('GET', `/api/v1/price/${used.id}`, admin)).statusCode).toBe(200);
      expect(await auditRows('price.delete', used.id)).toEqual([]);
    });
  });

  describe('public selects', () => {
    /** The released catalogue as the database has it, newest first. */
    const releasedFromDb = async () => {
      const rows = await t.app.database.db
        .select()
        .from(products)
        .where(eq(products.release, true))
        .orderBy(desc(products.createdAt), desc(products.id));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        code: r.code,
        image: r.image,
        comment: r.comment,
        description: r.description,
        pay_note: r.payNote,
      }));
    };

    const expectFresh = (timestamp: string) => {
      const at = parseEventTime(timestamp);
      expect(at, timestamp).not.toBeNull();
      expect(Math.abs((at?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    };

    let hidden: ApiProduct;
    beforeAll(async () => {
      hidden = await createProduct('Hidden Product', { code: 'hidden' });
      await createPrice(hidden.id, 'SGD', 100, 300);
      await createPrice(hidden.id, 'USD', 100, 200);
    });

    it('product select decrypts to exactly the released products, newest first, and is not cached', async () => {
      const res = await call('GET', '/api/v1/product/select?release=1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { value, timestamp } = await decryptSelect(res.json());
      expectFresh(timestamp);
      const list = ZProductSelect.parse(value);
      expect(list).toEqual(await releasedFromDb());
      expect(list.map((p) => p.id)).toContain(seedProductId);
      expect(list.map((p) => p.id)).not.toContain(hidden.id);
      // Exactly the fields of ZProductSelect: nothing internal (Stripe ids, creators) travels.
      for (const item of value as Record<string, unknown>[]) {
        expect(Object.keys(item).sort()).toEqual(
          ['code', 'comment', 'description', 'id', 'image', 'name', 'pay_note'].sort(),
        );
      }
      const seed = list.find((p) => p.id === seedProductId);
      expect(seed).toMatchObject({ name: 'BIGO LIVE Diamonds', code: 'bigo-diamonds' });

      // Without the release parameter it answers the same; another value is refused.
      expect((await call('GET', '/api/v1/product/select')).statusCode).toBe(200);
      expect((await call('GET', '/api/v1/product/select?release=0')).statusCode).toBe(400);
    });

    it('the ciphertext opens only with its own timestamp and context', async () => {
      const res = await call('GET', '/api/v1/product/select?release=1');
      const sealed = ZEncryptedSelect.parse(res.json().data);
      await expect(decryptWireJson(sealed.data, sealed.timestamp, WIRE_CONTEXT.order)).rejects.toThrow();
      const other = sealed.timestamp.endsWith('0')
        ? `${sealed.timestamp.slice(0, 13)}1`
        : `${sealed.timestamp.slice(0, 13)}0`;
      await expect(decryptWireJson(sealed.data, other, WIRE_CONTEXT.select)).rejects.toThrow();
    });

    it('price select of the seed product: its currencies in shop order and its packs by diamonds', async () => {
      const res = await call('GET', `/api/v1/price/select/${seedProductId}?localLang=en`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { value, timestamp } = await decryptSelect(res.json());
      expectFresh(timestamp);
      const select = ZPriceSelect.parse(value);
      // The seed has SGD, MYR and USD; an earlier test added one HKD pack to it.
      expect(select.currencies).toEqual([
        { code: 'SGD', name: 'Singapore Dollar' },
        { code: 'MYR', name: 'Malaysian Ringgit' },
        { code: 'USD', name: 'US Dollar' },
        { code: 'HKD', name: 'Hong Kong Dollar' },
      ]);
      expect(Object.keys(select.prices).sort()).toEqual(['HKD', 'MYR', 'SGD', 'USD']);
      const rows = await t.app.database.db
        .select()
        .from(prices)
        .where(eq(prices.productId, seedProductId))
        .orderBy(asc(prices.gameAmount));
      for (const code of ['SGD', 'MYR', 'USD', 'HKD']) {
        expect(select.prices[code]).toEqual(
          rows
            .filter((r) => r.currency === code)
            .map((r) => ({ id: r.id, currency: code, game_amount: r.gameAmount, unit_amount: r.unitAmount })),
        );
      }
      expect(select.prices.SGD?.map((p) => p.game_amount)).toEqual([100, 500, 1000, 5000, 10000, 40000]);
      expect(select.prices.SGD?.[0]).toMatchObject({ game_amount: 100, unit_amount: 245 });
      const total = Object.values(select.prices).reduce((n, list) => n + list.length, 0);
      expect(total).toBe(19);
    });

    it('names the currencies in Chinese for localLang=zh, and falls back to English', async () => {
      const zh = await decryptSelect(
        (await call('GET', `/api/v1/price/select/${seedProductId}?localLang=zh`)).json(),
      );
      expect(ZPriceSelect.parse(zh.value).currencies).toEqual([
        { code: 'SGD', name: '新加坡元' },
        { code: 'MYR', name: '马来西亚林吉特' },
        { code: 'USD', name: '美元' },
        { code: 'HKD', name: '港元' },
      ]);
      for (const q of ['', '?localLang=fr']) {
        const res = await call('GET', `/api/v1/price/select/${seedProductId}${q}`);
        expect(res.statusCode, q).toBe(200);
        const en = ZPriceSelect.parse((await decryptSelect(res.json())).value);
        expect(en.currencies[0], q).toEqual({ code: 'SGD', name: 'Singapore Dollar' });
      }
    });

    it('answers 404 for the prices of an unreleased or unknown product, 400 for a malformed id', async () => {
      const hiddenRes = await call('GET', `/api/v1/price/select/${hidden.id}?localLang=en`);
      expect(hiddenRes.statusCode).toBe(404);
      expect(hiddenRes.json()).toMatchObject({ code: 'not_found', message: 'Product not found' });
      expect((await call('GET', '/api/v1/price/select/999999')).statusCode).toBe(404);
      expect((await call('GET', '/api/v1/price/select/abc')).statusCode).toBe(400);
    });

    it('lists a product once it is released, first as the newest, and its prices', async () => {
      await call('GET', `/api/v1/product/release?product_id=${hidden.id}`, admin);
      const list = ZProductSelect.parse(
        (await decryptSelect((await call('GET', '/api/v1/product/select')).json())).value,
      );
      expect(list).toEqual(await releasedFromDb());
      // The newest released product comes first.
      expect(list[0]?.id).toBe(hidden.id);

      const select = ZPriceSelect.parse(
        (await decryptSelect((await call('GET', `/api/v1/price/select/${hidden.id}`)).json())).value,
      );
      expect(select.currencies.map((c) => c.code)).toEqual(['SGD', 'USD']);
      expect(select.prices.SGD).toEqual([
        { id: expect.any(Number), currency: 'SGD', game_amount: 100, unit_amount: 300 },
      ]);

      await call('GET', `/api/v1/product/release?product_id=${hidden.id}`, admin);
      const after = ZProductSelect.parse(
        (await decryptSelect((await call('GET', '/api/v1/product/select')).json())).value,
      );
      expect(after.map((p) => p.id)).not.toContain(hidden.id);
      expect((await call('GET', `/api/v1/price/select/${hidden.id}`)).statusCode).toBe(404);
    });
  });

  it('publishes every catalogue call in the API docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const path of [
      '/api/v1/product/',
      '/api/v1/product/select',
      '/api/v1/product/release',
      '/api/v1/product/sync',
      '/api/v1/product/{id}',
      '/api/v1/price/page',
      '/api/v1/price/select/{productId}',
      '/api/v1/price/sync/{id}',
      '/api/v1/price/create',
      '/api/v1/price/update/{id}',
      '/api/v1/price/delete/{id}',
      '/api/v1/price/{id}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(doc.paths['/api/v1/product/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
  });
});

describe('catalogue sync without Stripe keys', () => {
  let t: TestApp;
  let admin: string;
  const call = client(() => t);
  const SECRET = 'catalogue-sandbox-secret-0123456789abcdef';

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: SECRET }, { listen: true });
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('syncs to the built-in Stripe sandbox, whose Products and Prices then hold the catalogue', async () => {
    const res = await call('GET', '/api/v1/product/sync', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ products: 1, prices: 18, created_prices: 18, deactivated_prices: 0 });

    const [product] = await t.app.database.db
      .select()
      .from(products)
      .where(eq(products.code, 'bigo-diamonds'));
    expect(product?.stripeProductId).toMatch(/^prod_/);
    const synced = await t.app.database.db.select().from(prices);
    expect(synced.every((p) => p.code.startsWith('price_'))).toBe(true);

    // Read back from the sandbox as Stripe's API serves it, with the sandbox's own key.
    const key = gatewaySettings(t.config, SECRET).stripe.secretKey;
    const headers = { authorization: `Bearer ${key}` };
    const stripeProduct = await fetch(`${t.url}/sandbox/stripe/v1/products/${product?.stripeProductId}`, {
      headers,
    });
    expect(stripeProduct.status).toBe(200);
    expect(await stripeProduct.json()).toMatchObject({ object: 'product', name: 'BIGO LIVE Diamonds' });
    const first = synced[0];
    const stripePrice = await fetch(`${t.url}/sandbox/stripe/v1/prices/${first?.code}`, { headers });
    expect(await stripePrice.json()).toMatchObject({
      object: 'price',
      product: product?.stripeProductId,
      currency: first?.currency.toLowerCase(),
      metadata: { ezrecharge_price_id: String(first?.id) },
    });

    // A second sync keeps every Stripe Price: nothing changed.
    const again = await call('GET', '/api/v1/product/sync', admin);
    expect(again.json().data).toMatchObject({ created_prices: 0, deactivated_prices: 0 });
  });
});

describe('catalogue sync with Stripe', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let admin: string;
  let seedProductId: number;
  const call = client(() => t);
  const SECRET = 'sk_test_catalogue0123456789abcdef';

  const dbPrices = (productId: number) =>
    t.app.database.db.select().from(prices).where(eq(prices.productId, productId)).orderBy(asc(prices.id));
  const audit = (action: string) =>
    t.app.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
  const callsSince = (from: number) => stripe.calls.slice(from);

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_WEBHOOK_SECRET: 'whsec_catalogue0123456789',
      STRIPE_API_BASE: stripe.url,
    });
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const [seed] = await t.app.database.db.select().from(products).where(eq(products.code, 'bigo-diamonds'));
    seedProductId = seed?.id ?? 0;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('creates a Stripe Product and a Stripe Price for every product and price, and stores their ids', async () => {
    const res = await call('GET', '/api/v1/product/sync', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Products and prices synced with Stripe',
      message_key: 'products_synced',
      data: { products: 1, prices: 18, created_prices: 18, deactivated_prices: 0 },
    });

    const productCalls = stripe.calls.filter((c) => c.path === '/v1/products');
    expect(productCalls).toHaveLength(1);
    expect(productCalls[0]).toMatchObject({
      method: 'POST',
      authorization: `Bearer ${SECRET}`,
      params: {
        name: 'BIGO LIVE Diamonds',
        description: 'Official BIGO LIVE diamond top-up. Delivered within two minutes after payment.',
        'metadata[ezrecharge_product_id]': String(seedProductId),
      },
    });
    // Uploads are relative URLs, which Stripe does not take.
    expect(Object.keys(productCalls[0]?.params ?? {}).some((k) => k.startsWith('images'))).toBe(false);

    const [product] = await t.app.database.db.select().from(products).where(eq(products.id, seedProductId));
    const stripeProductId = product?.stripeProductId ?? '';
    expect(stripeProductId).toMatch(/^prod_/);
    expect(stripe.products.get(stripeProductId)?.name).toBe('BIGO LIVE Diamonds');
    expect(product?.syncedAt).toBeInstanceOf(Date);

    const rows = await dbPrices(seedProductId);
    expect(rows).toHaveLength(18);
    const priceCalls = stripe.calls.filter((c) => c.method === 'POST' && c.path === '/v1/prices');
    expect(priceCalls).toHaveLength(18);
    for (const row of rows) {
      expect(row.code).toMatch(/^price_/);
      expect(row.syncedAt).toBeInstanceOf(Date);
      const sent = priceCalls.find((c) => c.params['metadata[ezrecharge_price_id]'] === String(row.id));
      expect(sent?.params).toMatchObject({
        unit_amount: String(row.unitAmount),
        currency: row.currency.toLowerCase(),
        product: stripeProductId,
        nickname: `${row.gameAmount} diamonds`,
        'metadata[ezrecharge_product_id]': String(seedProductId),
      });
      expect(stripe.prices.get(row.code)).toMatchObject({
        unit_amount: row.unitAmount,
        currency: row.currency.toLowerCase(),
        product: stripeProductId,
        active: true,
      });
    }

    const productAudit = await audit('product.sync');
    expect(productAudit).toHaveLength(1);
    expect(productAudit[0]).toMatchObject({ entity: 'product', entityId: String(seedProductId) });
    expect(productAudit[0]?.detail).toEqual({ stripe_product_id: stripeProductId, created: true });
    const priceAudit = await audit('price.sync');
    expect(priceAudit).toHaveLength(18);
    expect(JSON.stringify([...productAudit, ...priceAudit])).not.toContain(SECRET);

    // The API shows the Stripe Price id as the price code.
    const listed = (
      await call('GET', `/api/v1/price/page?product_id=${seedProductId}&page_size=100`, admin)
    ).json().data.page_data as ApiPrice[];
    expect(listed.every((p) => p.code.startsWith('price_') && p.synced_at !== null)).toBe(true);
  });

  it('a second sync updates the Stripe Product and keeps every unchanged Stripe Price', async () => {
    const from = stripe.calls.length;
    const before = await dbPrices(seedProductId);
    const res = await call('GET', '/api/v1/product/sync', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ products: 1, prices: 18, created_prices: 0, deactivated_prices: 0 });
    const calls = callsSince(from);
    expect(calls.filter((c) => c.path === '/v1/products')).toEqual([]);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/v1/prices')).toEqual([]);
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/v1/products/'))).toHaveLength(1);
    expect((await dbPrices(seedProductId)).map((p) => p.code)).toEqual(before.map((p) => p.code));
  });

  it('a changed amount gets a new Stripe Price on price sync, and the old one is deactivated', async () => {
    const [row] = await dbPrices(seedProductId);
    if (!row) throw new Error('no seed price');
    const oldCode = row.code;
    const edit = await call('PUT', `/api/v1/price/update/${row.id}`, admin, {
      product_id: seedProductId,
      currency: row.currency,
      game_amount: row.gameAmount,
      unit_amount: row.unitAmount + 10,
    });
    expect(edit.statusCode).toBe(200);
    // Stale in Stripe until synced; the code still names the old Stripe Price.
    expect(edit.json().data).toMatchObject({ code: oldCode, synced_at: null });

    const from = stripe.calls.length;
    const res = await call('GET', `/api/v1/price/sync/${row.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: string; data: ApiPrice };
    expect(body.message).toBe('Price synced with Stripe');
    expect(body.data.code).toMatch(/^price_/);
    expect(body.data.code).not.toBe(oldCode);
    expect(body.data.synced_at).toMatch(ISO);

    const created = callsSince(from).filter((c) => c.method === 'POST' && c.path === '/v1/prices');
    expect(created).toHaveLength(1);
    expect(created[0]?.params).toMatchObject({
      unit_amount: String(row.unitAmount + 10),
      currency: row.currency.toLowerCase(),
      'metadata[ezrecharge_price_id]': String(row.id),
    });
    expect(stripe.prices.get(body.data.code)).toMatchObject({
      unit_amount: row.unitAmount + 10,
      active: true,
    });
    expect(stripe.prices.get(oldCode)?.active).toBe(false);
    const deactivate = callsSince(from).find(
      (c) => c.path === `/v1/prices/${oldCode}` && c.method === 'POST',
    );
    expect(deactivate?.params).toEqual({ active: 'false' });

    const priceAudit = (await audit('price.sync')).filter((a) => a.entityId === String(row.id));
    expect(priceAudit.at(-1)?.detail).toMatchObject({
      stripe_price_id: body.data.code,
      created: true,
      replaced: oldCode,
      unit_amount: row.unitAmount + 10,
    });

    // Syncing again changes nothing in Stripe's prices.
    const again = await call('GET', `/api/v1/price/sync/${row.id}`, admin);
    expect(again.json().data.code).toBe(body.data.code);
    expect(stripe.prices.get(body.data.code)?.active).toBe(true);
  });

  it('a change of diamonds only keeps the Stripe Price and refreshes its nickname', async () => {
    const price = await call('POST', '/api/v1/price/create', admin, {
      product_id: seedProductId,
      currency: 'THB',
      game_amount: 250,
      unit_amount: 20000,
    });
    const id = (price.json().data as ApiPrice).id;
    const first = (await call('GET', `/api/v1/price/sync/${id}`, admin)).json().data as ApiPrice;
    expect(stripe.prices.get(first.code)).toMatchObject({ currency: 'thb', unit_amount: 20000 });
    const edit = await call('PUT', `/api/v1/price/update/${id}`, admin, {
      product_id: seedProductId,
      currency: 'THB',
      game_amount: 260,
      unit_amount: 20000,
    });
    expect(edit.json().data.synced_at).not.toBeNull();
    const second = (await call('GET', `/api/v1/price/sync/${id}`, admin)).json().data as ApiPrice;
    expect(second.code).toBe(first.code);
    expect(stripe.prices.get(first.code)).toMatchObject({ active: true, nickname: '260 diamonds' });
  });

  it('price sync of a product never synced creates its Stripe Product first', async () => {
    const product = (await call('POST', '/api/v1/product/', admin, newProduct('Fresh Stripe Product'))).json()
      .data as ApiProduct;
    const price = (
      await call('POST', '/api/v1/price/create', admin, {
        product_id: product.id,
        currency: 'PHP',
        game_amount: 100,
        unit_amount: 10500,
      })
    ).json().data as ApiPrice;
    const res = await call('GET', `/api/v1/price/sync/${price.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.stripeProductId).toMatch(/^prod_/);
    const stripeProduct = stripe.products.get(row?.stripeProductId ?? '');
    expect(stripeProduct).toMatchObject({
      name: 'Fresh Stripe Product',
      metadata: { ezrecharge_product_id: String(product.id) },
    });
    expect(stripe.prices.get(res.json().data.code)).toMatchObject({
      product: row?.stripeProductId,
      currency: 'php',
      unit_amount: 10500,
      metadata: { ezrecharge_price_id: String(price.id) },
    });
    expect((await audit('product.sync')).some((a) => a.entityId === String(product.id))).toBe(true);
  });

  it('recreates a Stripe Product that was deleted in Stripe, and replaces its prices', async () => {
    const [before] = await t.app.database.db.select().from(products).where(eq(products.id, seedProductId));
    const oldId = before?.stripeProductId ?? '';
    stripe.products.delete(oldId);
    const res = await call('GET', '/api/v1/product/sync', admin);
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.app.database.db.select().from(products).where(eq(products.id, seedProductId));
    expect(after?.stripeProductId).toMatch(/^prod_/);
    expect(after?.stripeProductId).not.toBe(oldId);
    // Every price now belongs to the new Stripe Product; the old Stripe Prices are out of use.
    const rows = await dbPrices(seedProductId);
    expect(res.json().data.created_prices).toBe(rows.length);
    for (const row of rows) {
      expect(stripe.prices.get(row.code)?.product).toBe(after?.stripeProductId);
    }
    const stale = [...stripe.prices.values()].filter((p) => p.product === oldId);
    expect(stale.length).toBeGreaterThan(0);
    expect(stale.every((p) => !p.active)).toBe(true);
  });

  it('answers 503 with Stripe’s message (and no secret) when Stripe refuses, and stores nothing', async () => {
    const [row] = await dbPrices(seedProductId);
    if (!row) throw new Error('no seed price');
    await call('PUT', `/api/v1/price/update/${row.id}`, admin, {
      product_id: seedProductId,
      currency: row.currency,
      game_amount: row.gameAmount,
      unit_amount: row.unitAmount + 1,
    });
    stripe.failNext(400, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${SECRET}`,
    });
    const res = await call('GET', `/api/v1/price/sync/${row.id}`, admin);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'service_unavailable',
      message: 'Stripe did not accept the sync',
      detail: 'Invalid API Key provided: sk_test_***',
    });
    expect(res.body).not.toContain(SECRET);
    const [after] = await t.app.database.db.select().from(prices).where(eq(prices.id, row.id));
    expect(after).toMatchObject({ code: row.code, syncedAt: null });

    stripe.failNext(402, { type: 'card_error', message: 'Your account cannot currently make live charges.' });
    const all = await call('GET', '/api/v1/product/sync', admin);
    expect(all.statusCode).toBe(503);
    expect(all.json().detail).toBe('Your account cannot currently make live charges.');

    // Once Stripe answers again, the sync goes through.
    const retry = await call('GET', `/api/v1/price/sync/${row.id}`, admin);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.synced_at).not.toBeNull();
  });

  it('sends Stripe each price in its own unit, and refuses one it cannot charge exactly without asking Stripe', async () => {
    const product = (
      await call('POST', '/api/v1/product/', admin, newProduct('Yen and Dinar Product'))
    ).json().data as ApiProduct;
    const yen = (
      await call('POST', '/api/v1/price/create', admin, {
        product_id: product.id,
        currency: 'JPY',
        game_amount: 100,
        unit_amount: 500,
      })
    ).json().data as ApiPrice;
    const synced = await call('GET', `/api/v1/price/sync/${yen.id}`, admin);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(stripe.prices.get(synced.json().data.code)).toMatchObject({ currency: 'jpy', unit_amount: 500 });

    // A row stored before prices were checked (by hand, or by an older version): JOD 1.255 never reaches Stripe.
    const [odd] = await t.app.database.db
      .insert(prices)
      .values({ productId: product.id, currency: 'JOD', gameAmount: 200, unitAmount: 1255 })
      .returning();
    const before = stripe.calls.length;
    const res = await call('GET', `/api/v1/price/sync/${odd?.id}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { unit_amount: MESSAGES.price_three_decimal_tens } });
    expect(callsSince(before).filter((c) => c.path === '/v1/prices')).toEqual([]);
    await t.app.database.db.delete(prices).where(eq(prices.id, odd?.id ?? 0));
  });

  it('answers 404 for the sync of an unknown price', async () => {
    const res = await call('GET', '/api/v1/price/sync/999999', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Price not found');
  });
});
