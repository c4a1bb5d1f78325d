import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DbOrTx } from '../../infra/db';
import type { AppDeps } from '../../infra/deps';

/**
 * GET / PUT / DELETE of a refund sandbox's control row, for superusers: how the sandbox answers the next refunds
 * (succeed, stay pending, fail…), so an operator on a staging site can walk every refund branch from the console,
 * as the BIGO simulator's /sandbox/bigo/controls allows for deliveries.
 */
export function registerRefundControls<S extends z.ZodType<Record<string, unknown>>>(
  app: FastifyInstance,
  deps: AppDeps,
  options: {
    path: string;
    gateway: string;
    schema: S;
    read: (db: DbOrTx) => Promise<z.infer<S>>;
    write: (db: DbOrTx, controls: Partial<z.infer<S>>) => Promise<void>;
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const common = {
    preHandler: deps.guards.requireSuperuser,
    schema: { tags: ['sandbox'], security: [{ bearer: [] }] },
  };
  const { path, gateway, schema, read, write } = options;

  routes.get(
    path,
    {
      ...common,
      schema: {
        ...common.schema,
        summary: `${gateway} sandbox: how refunds are answered`,
      },
    },
    async () => read(deps.db),
  );
  routes.put(
    path,
    {
      ...common,
      schema: {
        ...common.schema,
        summary: `${gateway} sandbox: set how refunds are answered`,
        body: schema,
      },
    },
    async (request) => {
      await write(deps.db, request.body as Partial<z.infer<S>>);
      return read(deps.db);
    },
  );
  routes.delete(
    path,
    {
      ...common,
      schema: {
        ...common.schema,
        summary: `${gateway} sandbox: refunds succeed again`,
      },
    },
    async () => {
      await write(deps.db, {});
      return read(deps.db);
    },
  );
}
