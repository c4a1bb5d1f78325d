import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorGuard } from './sandbox-options';
import type { SandboxRecords } from './sandbox-store';

/**
 * How a payment sandbox answers the next refunds (succeed, stay pending, fail…): one control record per sandbox,
 * and GET / PUT / DELETE of it for operators, so that every refund branch can be walked from the shop's console on
 * a staging site, as the BIGO simulator's /bigo/controls allows for deliveries.
 */

const CONTROLS_KEY = 'default';

/**
 * How the status inquiry of refunds answers (Fiuu's q_by_refID), apart from how the refunds themselves end: `answer`
 * (the default) tells the truth; `busy` answers Fiuu's PR015 "Server is busy" and `down` an HTTP 503, while the
 * refunds themselves go through: so a merchant can see that an inquiry error is not an answer about the refund.
 */
export const INQUIRY_MODES = ['answer', 'busy', 'down'] as const;
export type TInquiryMode = (typeof INQUIRY_MODES)[number];

export interface RefundControlValues<M extends string> {
  mode: M;
  inquiry: TInquiryMode;
}

export interface RefundControls<M extends string> {
  /** The controls now (the defaults when none were set, or what is stored no longer reads). */
  read(store: SandboxRecords): Promise<RefundControlValues<M>>;
  /** Replaces the controls; missing fields take their defaults. */
  write(
    store: SandboxRecords,
    controls: { mode?: M | undefined; inquiry?: TInquiryMode | undefined },
  ): Promise<void>;
  schema: z.ZodType<RefundControlValues<M>, { mode?: M | undefined; inquiry?: TInquiryMode | undefined }>;
}

export function refundControls<const M extends readonly [string, ...string[]]>(
  kind: string,
  modes: M,
): RefundControls<M[number]> {
  const schema = z.object({
    mode: z.enum(modes).default(modes[0]),
    inquiry: z.enum(INQUIRY_MODES).default('answer'),
  });
  return {
    schema,
    async read(store) {
      const parsed = schema.safeParse(await store.get(kind, CONTROLS_KEY));
      return parsed.success ? parsed.data : schema.parse({});
    },
    async write(store, controls) {
      await store.put(kind, CONTROLS_KEY, schema.parse(controls));
    },
  };
}

export function registerRefundControls<M extends string>(
  app: FastifyInstance,
  options: {
    path: string;
    vendor: string;
    controls: RefundControls<M>;
    store: SandboxRecords;
    requireOperator: OperatorGuard;
  },
): void {
  const { path, vendor, controls, store, requireOperator } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['sandbox'], security: [{ bearer: [] }] };

  routes.get(
    path,
    {
      preHandler: requireOperator,
      schema: { ...schema, summary: `${vendor} sandbox: how refunds are answered` },
    },
    async () => controls.read(store),
  );
  routes.put(
    path,
    {
      preHandler: requireOperator,
      schema: {
        ...schema,
        summary: `${vendor} sandbox: set how refunds are answered`,
        body: controls.schema,
      },
    },
    async (request) => {
      await controls.write(store, request.body);
      return controls.read(store);
    },
  );
  routes.delete(
    path,
    {
      preHandler: requireOperator,
      schema: { ...schema, summary: `${vendor} sandbox: refunds succeed again` },
    },
    async () => {
      await controls.write(store, {});
      return controls.read(store);
    },
  );
}
