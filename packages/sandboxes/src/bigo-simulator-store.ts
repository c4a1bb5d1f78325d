import { z } from 'zod';
import { RESCODE } from './bigo-rescodes';
import type { SandboxStore, SandboxTx } from './sandbox-store';

/**
 * The BIGO simulator's state in the host's store, so that every process of the shop sees one BIGO and it survives a
 * restart, as the real BIGO's would: the delivery ledger (kind bigo_delivery, key = bu_orderid) and the controls
 * tests and operators set (kind bigo_controls, key default).
 */

const CONTROLS_KIND = 'bigo_controls';
const CONTROLS_KEY = 'default';
const DELIVERY_KIND = 'bigo_delivery';

/** The reseller's diamond balance until someone sets another: large enough never to run out by accident. */
export const DEFAULT_BIGO_BALANCE = 10_000_000;
const MAX_HANG_MS = 120_000;

export const ZBigoFailNext = z.strictObject({
  /** Answer HTTP 200 with this rescode (e.g. 7212012) instead of doing the call. */
  rescode: z.int().optional(),
  /** Answer with this HTTP status instead (e.g. 500). */
  http_status: z.int().min(100).max(599).optional(),
  /**
   * Wait this long before answering. Alone, the call is then done as usual, late: like a slow BIGO, the recharge
   * happens even though a client that timed out never hears of it. With rescode or http_status, that answer comes late.
   */
  hang_ms: z.int().min(0).max(MAX_HANG_MS).optional(),
  /** How many calls this applies to. */
  count: z.int().min(1).max(1000).default(1),
  /** Only calls to this endpoint; both when absent. */
  endpoint: z.enum(['precheck', 'recharge']).optional(),
  /** Only calls for this BIGO ID (recharge_bigoid); any when absent. Lets tests side by side keep their own. */
  bigo_id: z.string().min(1).max(64).optional(),
});
export type TBigoFailNext = z.infer<typeof ZBigoFailNext>;

export const ZBigoControls = z.strictObject({
  /** BIGO IDs answered 7212004 (does not exist) by precheck and recharge, besides any ID starting with "reject". */
  reject_ids: z.array(z.string().min(1).max(64)).max(1000).default([]),
  /** The reseller's diamond balance: precheck reports it, a recharge over it answers 7212011, deliveries reduce it. */
  balance: z.int().min(0).default(DEFAULT_BIGO_BALANCE),
  /**
   * One failure, or a list played in order: each call takes the first entry that applies to it, and an entry is
   * dropped once its count is used (e.g. a hang and then a refusal, for two calls of one order).
   */
  fail_next: z
    .union([ZBigoFailNext, z.array(ZBigoFailNext).min(1).max(20)])
    .nullable()
    .default(null),
});
export type TBigoControls = z.infer<typeof ZBigoControls>;

export const defaultBigoControls = (): TBigoControls => ZBigoControls.parse({});

export interface BigoDelivery {
  recharge_bigoid: string;
  value: number;
  total_cost: number;
  currency: string;
  seqid: string;
  delivered_at: string;
}

function parseControls(data: unknown): TBigoControls {
  const parsed = ZBigoControls.safeParse(data);
  return parsed.success ? parsed.data : defaultBigoControls();
}

export class BigoSimulatorStore {
  constructor(private readonly store: SandboxStore) {}

  async controls(): Promise<TBigoControls> {
    return parseControls(await this.store.get(CONTROLS_KIND, CONTROLS_KEY));
  }

  /** The controls, locked until the transaction ends: calls that change the balance or the queue take turns. */
  private async lockControls(tx: SandboxTx): Promise<TBigoControls> {
    return parseControls(await tx.lock(CONTROLS_KIND, CONTROLS_KEY, defaultBigoControls()));
  }

  async replaceControls(controls: TBigoControls): Promise<TBigoControls> {
    await this.store.put(CONTROLS_KIND, CONTROLS_KEY, controls);
    return controls;
  }

  /** Takes one use of the first fail_next entry that applies to this endpoint and BIGO ID. */
  async takeFailure(endpoint: 'precheck' | 'recharge', bigoId: string): Promise<TBigoFailNext | null> {
    const applies = (f: TBigoFailNext): boolean =>
      f.count > 0 &&
      (f.endpoint === undefined || f.endpoint === endpoint) &&
      (f.bigo_id === undefined || f.bigo_id === bigoId);
    const entries = (c: TBigoControls): TBigoFailNext[] =>
      c.fail_next === null ? [] : Array.isArray(c.fail_next) ? c.fail_next : [c.fail_next];
    // Most calls find no failure queued; only then is a locking transaction worth it.
    if (!entries(await this.controls()).some(applies)) return null;
    return this.store.transaction(async (tx) => {
      const controls = await this.lockControls(tx);
      const queued = entries(controls);
      const index = queued.findIndex(applies);
      const failure = queued[index];
      if (!failure) return null;
      const left = failure.count - 1;
      const rest = queued.flatMap((f, i) => (i !== index ? [f] : left > 0 ? [{ ...f, count: left }] : []));
      // Kept in the form it was given: one entry, or a list.
      const next = rest.length === 0 ? null : Array.isArray(controls.fail_next) ? rest : (rest[0] ?? null);
      await tx.put(CONTROLS_KIND, CONTROLS_KEY, { ...controls, fail_next: next });
      return failure;
    });
  }

  /**
   * Credits a delivery once per bu_orderid: 0 when done now, 7212010 when the order was delivered before, 7212011
   * when the balance is too low. The locked controls make concurrent calls take turns, and putOnce would refuse a
   * second record for the order even without them.
   */
  async deliver(buOrderId: string, delivery: BigoDelivery): Promise<number> {
    return this.store.transaction(async (tx) => {
      const controls = await this.lockControls(tx);
      if ((await tx.get(DELIVERY_KIND, buOrderId)) !== undefined) return RESCODE.orderDuplicated;
      if (delivery.value > controls.balance) return RESCODE.balanceTooLow;
      if (!(await tx.putOnce(DELIVERY_KIND, buOrderId, delivery))) return RESCODE.orderDuplicated;
      await tx.put(CONTROLS_KIND, CONTROLS_KEY, { ...controls, balance: controls.balance - delivery.value });
      return RESCODE.ok;
    });
  }

  /** What was credited for the order: one delivery at most. */
  async deliveries(buOrderId: string): Promise<BigoDelivery[]> {
    const delivery = await this.store.get<BigoDelivery>(DELIVERY_KIND, buOrderId);
    return delivery ? [delivery] : [];
  }
}
