import {
  envelope,
  pageOf,
  ZEncryptedSelect,
  ZErrorBody,
  ZPageQuery,
  ZPrice,
  ZPriceInput,
  ZPriceListQuery,
  ZProduct,
  ZProductInput,
  ZProductListQuery,
  ZRowId,
} from '@ezrecharge/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestActor } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { SIGNED_IN_ERRORS } from '../../infra/routes';
import { CATALOGUE_MESSAGES } from './catalogue-common';
import type { CatalogueSyncService } from './catalogue-sync-service';
import type { PricesService } from './prices-service';
import type { ProductsService } from './products-service';

/** GET /product/sync answers what it did. */
const ZCatalogueSync = z.object({
  products: z.number().int(),
  prices: z.number().int(),
  created_prices: z.number().int(),
  deactivated_prices: z.number().int(),
});

const errors = SIGNED_IN_ERRORS;
const syncErrors = { ...errors, 404: ZErrorBody, 503: ZErrorBody } as const;
const productTags = ['products'];
const priceTags = ['prices'];
const security = [{ bearer: [] }];
const ZDeleted = envelope(z.null());

/** The client caches the selects itself for 5 minutes by their timestamp (SPEC.md §9); nothing in between may. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/**
 * Products and prices (SPEC.md §2, §3, §5, §7, §8; DESIGN.md §5): admin calls for superusers only, the two
 * wire-encrypted selects public.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<
  RouteContext<{ products: ProductsService; prices: PricesService; catalogueSync: CatalogueSyncService }>
> = async (app, deps) => {
  const { products, prices, catalogueSync: sync } = deps.services;
  const { requireSuperuser } = deps.guards;

  // --------------------------------------------------------------------------------------------------------
  // Products

  app.get(
    '/product/',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: productTags,
        security,
        summary: 'List products (filter by name, code and release status, newest first)',
        querystring: ZPageQuery.extend(ZProductListQuery.shape),
        response: { 200: envelope(pageOf(ZProduct)), ...errors },
      },
    },
    async (request) => ok(await products.list(request.query)),
  );

  app.get(
    '/product/select',
    {
      schema: {
        tags: productTags,
        summary: 'Released products, newest first (public; wire-encrypted ZProductSelect)',
        description:
          '`data.data` decrypts with `data.timestamp` as event time and context `select` (DESIGN.md §5).',
        querystring: z.object({ release: z.enum(['1']).default('1') }),
        response: { 200: envelope(ZEncryptedSelect), 400: ZErrorBody },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return ok(await products.publicSelect());
    },
  );

  app.get(
    '/product/release',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: productTags,
        security,
        summary: 'List or delist a product on the shop (toggles `release`)',
        querystring: z.object({ product_id: ZRowId }),
        response: { 200: envelope(ZProduct), ...errors, 404: ZErrorBody },
      },
    },
    async (request) =>
      ok(
        await products.toggleRelease(requestActor(request), request.query.product_id),
        CATALOGUE_MESSAGES.released,
      ),
  );

  app.get(
    '/product/sync',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: productTags,
        security,
        summary: 'Sync every product and its prices to Stripe (needs STRIPE_SECRET_KEY)',
        response: { 200: envelope(ZCatalogueSync), ...syncErrors },
      },
    },
    async (request) => ok(await sync.syncAll(requestActor(request)), CATALOGUE_MESSAGES.productsSynced),
  );

  app.get(
    '/product/:id',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: productTags,
        security,
        summary: 'One product',
        params: z.object({ id: ZRowId }),
        response: { 200: envelope(ZProduct), ...errors, 404: ZErrorBody },
      },
    },
    async (request) => ok(await products.get(request.params.id)),
  );

  app.post(
    '/product/',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: productTags,
        security,
        summary: 'Add a product (not released until listed)',
        body: ZProductInput,
        response: { 200: envelope(ZProduct), ...errors },
      },
    },
    async (request) =>
      ok(await products.create(requestActor(request), request.body), CATALOGUE_MESSAGES.productSaved),
  );

  app.put(
    '/product/:id',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: productTags,
        security,
        summary: 'Edit a product',
        params: z.object({ id: ZRowId }),
        body: ZProductInput,
        response: { 200: envelope(ZProduct), ...errors, 404: ZErrorBody },
      },
    },
    async (request) =>
      ok(
        await products.update(requestActor(request), request.params.id, request.body),
        CATALOGUE_MESSAGES.productSaved,
      ),
  );

  app.delete(
    '/product/:id',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: productTags,
        security,
        summary: 'Delete a product and its prices (refused once any order names it)',
        params: z.object({ id: ZRowId }),
        response: { 200: ZDeleted, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => {
      await products.remove(requestActor(request), request.params.id);
      return ok(null, CATALOGUE_MESSAGES.productDeleted);
    },
  );

  // --------------------------------------------------------------------------------------------------------
  // Prices

  app.get(
    '/price/page',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: priceTags,
        security,
        summary: "List a product's prices (filter by currency and diamonds; by currency, then diamonds)",
        querystring: ZPageQuery.extend(ZPriceListQuery.shape).extend({
          product_id: ZRowId,
          game_amount: ZRowId.optional(),
        }),
        response: { 200: envelope(pageOf(ZPrice)), ...errors },
      },
    },
    async (request) => ok(await prices.list(request.query)),
  );

  app.get(
    '/price/select/:productId',
    {
      schema: {
        tags: priceTags,
        summary: 'Prices of a released product per currency (public; wire-encrypted ZPriceSelect)',
        description:
          'Currency names in `localLang` (en or zh; anything else falls back to en). `data.data` decrypts ' +
          'with `data.timestamp` as event time and context `select` (DESIGN.md §5).',
        params: z.object({ productId: ZRowId }),
        querystring: z.object({ localLang: z.enum(['en', 'zh']).default('en').catch('en') }),
        response: { 200: envelope(ZEncryptedSelect), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await prices.publicSelect(request.params.productId, request.query.localLang));
    },
  );

  app.get(
    '/price/sync/:id',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: priceTags,
        security,
        summary: 'Sync one price to a Stripe Price (a changed price gets a new one; needs STRIPE_SECRET_KEY)',
        params: z.object({ id: ZRowId }),
        response: { 200: envelope(ZPrice), ...syncErrors },
      },
    },
    async (request) =>
      ok(await sync.syncOnePrice(requestActor(request), request.params.id), CATALOGUE_MESSAGES.priceSynced),
  );

  app.post(
    '/price/create',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: priceTags,
        security,
        summary: 'Add a price (one per product, currency and diamonds)',
        body: ZPriceInput,
        response: { 200: envelope(ZPrice), ...errors, 409: ZErrorBody },
      },
    },
    async (request) =>
      ok(await prices.create(requestActor(request), request.body), CATALOGUE_MESSAGES.priceSaved),
  );

  app.put(
    '/price/update/:id',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: priceTags,
        security,
        summary: 'Edit a price',
        params: z.object({ id: ZRowId }),
        body: ZPriceInput,
        response: { 200: envelope(ZPrice), ...errors, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      ok(
        await prices.update(requestActor(request), request.params.id, request.body),
        CATALOGUE_MESSAGES.priceSaved,
      ),
  );

  app.delete(
    '/price/delete/:id',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: priceTags,
        security,
        summary: 'Delete a price (refused once an order used it)',
        params: z.object({ id: ZRowId }),
        response: { 200: ZDeleted, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => {
      await prices.remove(requestActor(request), request.params.id);
      return ok(null, CATALOGUE_MESSAGES.priceDeleted);
    },
  );

  app.get(
    '/price/:id',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: priceTags,
        security,
        summary: 'One price',
        params: z.object({ id: ZRowId }),
        response: { 200: envelope(ZPrice), ...errors, 404: ZErrorBody },
      },
    },
    async (request) => ok(await prices.get(request.params.id)),
  );
};
