import { envelope, ZSales, ZSalesQuery } from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { guarded, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { SalesService } from './sales-service';

const tags = ['sales'];

/** The operators' sales view (issue #28, superusers). */
export const salesRoutes: FastifyPluginAsyncZod<RouteContext<{ sales: SalesService }>> = async (
  app,
  deps,
) => {
  const service = deps.services.sales;
  const forSuperusers = guarded(deps.guards.requireSuperuser, tags);

  app.get(
    '/sales',
    forSuperusers({
      summary: 'Sales of a range of days in the shop’s time zone (superusers)',
      description:
        '`from` and `to` (YYYY-MM-DD, both included, at most 366 days) are days of SHOP_TIME_ZONE; without them, ' +
        'the last 30 days. Per currency the money paid, refunded and net (minor units), orders paid, diamonds ' +
        'delivered and bonus diamonds; the funnel committed → paid → delivered; paid → delivered times; a daily ' +
        'series per currency; breakdowns by pack, channel and language; promotion and spin costs; refunds and ' +
        'their reasons.',
      querystring: ZSalesQuery,
      response: { 200: envelope(ZSales), ...SIGNED_IN_ERRORS },
    }),
    async (request) => ok(await service.report(request.query)),
  );
};
