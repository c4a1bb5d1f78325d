import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorGuard } from './sandbox-options';
import type { SandboxRecords } from './sandbox-store';

/**
 * How the built-in Fiuu tells the merchant about a payment (kind fiuu_controls, key default): `send` (the default)
 * posts the notification, the callback and the buyer's return as Fiuu does; `drop` takes the payment (it is
 * recorded, the status query and the daily report show it) and sends nothing at all: no notification, no callback,
 * no return. So a lost notification can be made on purpose, and the merchant's reconciliation find it.
 *
 *   GET | PUT | DELETE {prefix}/fiuu/controls     operators only; DELETE resets to `send`
 */

export const FIUU_CONTROLS = 'fiuu_controls';
const CONTROLS_KEY = 'default';

export const ZFiuuControls = z.object({ notify: z.enum(['send', 'drop']).default('send') });
export type TFiuuControls = z.output<typeof ZFiuuControls>;

export async function readFiuuControls(store: SandboxRecords): Promise<TFiuuControls> {
  const parsed = ZFiuuControls.safeParse(await store.get(FIUU_CONTROLS, CONTROLS_KEY));
  return parsed.success ? parsed.data : ZFiuuControls.parse({});
}

/** Sets the controls (tests; operators use PUT {prefix}/fiuu/controls). */
export async function setFiuuControls(
  store: SandboxRecords,
  controls: z.input<typeof ZFiuuControls>,
): Promise<void> {
  await store.put(FIUU_CONTROLS, CONTROLS_KEY, ZFiuuControls.parse(controls));
}

export function registerFiuuControls(
  app: FastifyInstance,
  { store, requireOperator }: { store: SandboxRecords; requireOperator: OperatorGuard },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['sandbox'], security: [{ bearer: [] }] };
  routes.get(
    '/fiuu/controls',
    { preHandler: requireOperator, schema: { ...schema, summary: 'Fiuu sandbox: how payments are told' } },
    async () => readFiuuControls(store),
  );
  routes.put(
    '/fiuu/controls',
    {
      preHandler: requireOperator,
      schema: { ...schema, summary: 'Fiuu sandbox: send or drop the notifications', body: ZFiuuControls },
    },
    async (request) => {
      await setFiuuControls(store, request.body);
      return readFiuuControls(store);
    },
  );
  routes.delete(
    '/fiuu/controls',
    {
      preHandler: requireOperator,
      schema: { ...schema, summary: 'Fiuu sandbox: notifications are sent again' },
    },
    async () => {
      await setFiuuControls(store, {});
      return readFiuuControls(store);
    },
  );
}
