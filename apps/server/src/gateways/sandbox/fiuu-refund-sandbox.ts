import { randomInt } from 'node:crypto';
import { formatMinor, parseMajorToMinor } from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxRecords } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import type { AppDeps } from '../../infra/deps';
import {
  FIUU_REFUND_TYPE,
  FIUU_STATUS,
  fiuuRefundAnswerSignature,
  fiuuRefundQuerySignature,
  fiuuRefundSignature,
  formFields,
  sameDigest,
} from '../fiuu/fiuu-protocol';
import { registerRefundControls } from './refund-controls-routes';
import { getRecord, putRecord } from './sandbox-page-records';

/**
 * The built-in Fiuu's refund API (DESIGN.md §7; gateways/fiuu/README.md), beside its status query:
 *
 *   POST /sandbox/fiuu-api/RMS/API/refundAPI/index.php      refund (sandbox_records fiuu_refund, key = RefID)
 *   POST /sandbox/fiuu-api/RMS/API/refundAPI/q_by_refID.php  refund status by RefID
 *
 * It checks the Signature with the sandbox secret key, refunds only a paid transaction it recorded (fiuu_txn) and
 * never more than was paid, and answers a RefID it already holds with that same refund. How a refund ends is set by
 * the control row (sandbox_records fiuu_refund_controls, key default): `succeed` (the default) answers 00 at once,
 * `pending` answers 22 and settles to success at the next status query, `stuck` answers 22 and never settles,
 * `reject` answers 11.
 */

export const FIUU_REFUND = 'fiuu_refund';
export const FIUU_REFUND_CONTROLS = 'fiuu_refund_controls';
const CONTROLS_KEY = 'default';

export const ZFiuuRefundControls = z.object({
  mode: z.enum(['succeed', 'pending', 'stuck', 'reject']).default('succeed'),
});
export type TFiuuRefundControls = z.infer<typeof ZFiuuRefundControls>;

/** One refund as the sandbox remembers it. */
export interface FiuuSandboxRefund {
  RefundID: string;
  RefID: string;
  TxnID: string;
  orderid: string;
  Amount: string;
  /** 00 success, 11 rejected, 22 pending. */
  Status: string;
  reason: string;
  /** Whether a pending refund settles to success at the next status query. */
  settles: boolean;
  createdAt: string;
}

/** What a refund reads of a transaction the sandbox recorded (fiuu-sandbox.ts FiuuSandboxTxn, kind fiuu_txn). */
interface PaidTxn {
  tranID: string;
  orderid: string;
  status: string;
  amount: string;
}

const REJECT_REASON = 'Refund rejected by the issuing bank (sandbox control)';

/** Sets how the sandbox's next refunds end (tests, operators trying the refund screens). */
export async function setFiuuRefundControls(
  db: DbOrTx,
  controls: Partial<TFiuuRefundControls>,
): Promise<void> {
  await putRecord(db, FIUU_REFUND_CONTROLS, CONTROLS_KEY, ZFiuuRefundControls.parse(controls));
}

async function refundControls(db: DbOrTx): Promise<TFiuuRefundControls> {
  const parsed = ZFiuuRefundControls.safeParse(await getRecord(db, FIUU_REFUND_CONTROLS, CONTROLS_KEY));
  return parsed.success ? parsed.data : ZFiuuRefundControls.parse({});
}

/** The paid transaction with this tranID, locked until the transaction ends so refunds of it take turns. */
async function lockTxn(tx: DbOrTx, tranId: string): Promise<PaidTxn | undefined> {
  const [row] = await tx
    .select({ data: sandboxRecords.data })
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.kind, 'fiuu_txn'), sql`${sandboxRecords.data}->>'tranID' = ${tranId}`))
    .for('update')
    .limit(1);
  return row ? (row.data as PaidTxn) : undefined;
}

/** Minor units already refunded or on their way back for a transaction (rejected refunds give the money back). */
async function refundedMinor(tx: DbOrTx, tranId: string): Promise<number> {
  const rows = await tx
    .select({ data: sandboxRecords.data })
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.kind, FIUU_REFUND), sql`${sandboxRecords.data}->>'TxnID' = ${tranId}`));
  return rows
    .map((r) => r.data as FiuuSandboxRefund)
    .filter((r) => r.Status !== FIUU_STATUS.failed)
    .reduce((sum, r) => sum + (parseMajorToMinor(r.Amount) ?? 0), 0);
}

const STATUS_WORDS: Record<string, string> = { '00': 'success', '11': 'rejected', '22': 'pending' };

export const fiuuRefundSandboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  registerRefundControls(app, deps, {
    path: '/fiuu/refund-controls',
    gateway: 'Fiuu',
    schema: ZFiuuRefundControls,
    read: refundControls,
    write: setFiuuRefundControls,
  });
  const { merchantId, verifyKey, secretKey } = deps.settings.fiuu;

  const json = (reply: FastifyReply, body: unknown) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  // Fiuu's refusals carry error_code and error_desc; the client reads only that they are there, so the sandbox's
  // codes are its own.
  const refuse = (reply: FastifyReply, code: string, desc: string) =>
    json(reply, { error_code: code, error_desc: desc });

  const answer = (refund: FiuuSandboxRefund) => {
    const fields = {
      RefundType: FIUU_REFUND_TYPE,
      MerchantID: merchantId,
      RefID: refund.RefID,
      RefundID: refund.RefundID,
      TxnID: refund.TxnID,
      Amount: refund.Amount,
      Status: refund.Status,
    };
    return {
      ...fields,
      Signature: fiuuRefundAnswerSignature(fields, secretKey),
      ...(refund.reason ? { reason: refund.reason } : {}),
    };
  };

  app.post('/fiuu-api/RMS/API/refundAPI/index.php', async (request, reply) => {
    const f = formFields(request.body);
    const fields = {
      RefundType: f.RefundType ?? '',
      MerchantID: f.MerchantID ?? '',
      RefID: f.RefID ?? '',
      TxnID: f.TxnID ?? '',
      Amount: f.Amount ?? '',
    };
    if (Object.values(fields).some((v) => v === '') || !f.Signature) {
      return refuse(reply, 'SB_MISSING', 'Missing required parameter');
    }
    if (fields.MerchantID !== merchantId) return refuse(reply, 'SB_MERCHANT', 'Merchant not found');
    if (!sameDigest(fiuuRefundSignature(fields, secretKey), f.Signature)) {
      return refuse(reply, 'SB_SIGNATURE', 'Invalid or unmatched signature');
    }
    if (fields.RefundType !== FIUU_REFUND_TYPE) return refuse(reply, 'SB_TYPE', 'Unsupported RefundType');
    const amount = parseMajorToMinor(fields.Amount);
    if (amount === null || amount <= 0) return refuse(reply, 'SB_AMOUNT', 'Invalid amount');
    const refId = fields.RefID.slice(0, 64);

    const controls = await refundControls(db);
    type Outcome = { refund: FiuuSandboxRefund } | { code: string; desc: string };
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const txn = await lockTxn(tx, fields.TxnID);
      if (!txn || txn.status !== FIUU_STATUS.paid) {
        return { code: 'SB_TXN', desc: 'Transaction not found or not paid' };
      }
      // One RefID is one refund: asked again, the sandbox answers the refund it holds (as after a lost answer).
      const earlier = await getRecord<FiuuSandboxRefund>(tx, FIUU_REFUND, refId);
      if (earlier) {
        if (earlier.TxnID !== fields.TxnID || earlier.Amount !== fields.Amount) {
          return { code: 'SB_DUPLICATE', desc: 'RefID already used for another refund' };
        }
        return { refund: earlier };
      }
      const paid = parseMajorToMinor(txn.amount) ?? 0;
      if ((await refundedMinor(tx, fields.TxnID)) + amount > paid) {
        return { code: 'SB_EXCEEDED', desc: 'Refund amount exceeds the refundable amount' };
      }
      const refund: FiuuSandboxRefund = {
        RefundID: String(randomInt(10_000_000, 99_999_999)),
        RefID: refId,
        TxnID: fields.TxnID,
        orderid: txn.orderid,
        Amount: formatMinor(amount),
        Status:
          controls.mode === 'reject'
            ? FIUU_STATUS.failed
            : controls.mode === 'pending' || controls.mode === 'stuck'
              ? FIUU_STATUS.pending
              : FIUU_STATUS.paid,
        reason: controls.mode === 'reject' ? REJECT_REASON : '',
        settles: controls.mode !== 'stuck',
        createdAt: new Date().toISOString(),
      };
      await putRecord(tx, FIUU_REFUND, refId, refund);
      return { refund };
    });
    if ('code' in outcome) return refuse(reply, outcome.code, outcome.desc);
    return json(reply, answer(outcome.refund));
  });

  app.post('/fiuu-api/RMS/API/refundAPI/q_by_refID.php', async (request, reply) => {
    const f = formFields(request.body);
    const refId = f.RefID ?? '';
    if (f.MerchantID !== merchantId || refId === '')
      return refuse(reply, 'SB_MISSING', 'Missing required parameter');
    if (!sameDigest(fiuuRefundQuerySignature(refId, merchantId, verifyKey), f.Signature)) {
      return refuse(reply, 'SB_SIGNATURE', 'Invalid or unmatched signature');
    }
    let refund = await getRecord<FiuuSandboxRefund>(db, FIUU_REFUND, refId.slice(0, 64));
    if (!refund) return refuse(reply, 'SB_NOT_FOUND', 'Refund not found');
    if (refund.Status === FIUU_STATUS.pending && refund.settles) {
      // A pending refund settles by the time anyone asks about it.
      refund = { ...refund, Status: FIUU_STATUS.paid };
      await putRecord(db, FIUU_REFUND, refund.RefID, refund);
    }
    return json(reply, [
      {
        RefID: refund.RefID,
        RefundID: refund.RefundID,
        TxnID: refund.TxnID,
        Amount: refund.Amount,
        Status: STATUS_WORDS[refund.Status] ?? 'pending',
        ...(refund.reason ? { reason: refund.reason } : {}),
        LastUpdate: new Date().toISOString(),
      },
    ]);
  });
};
