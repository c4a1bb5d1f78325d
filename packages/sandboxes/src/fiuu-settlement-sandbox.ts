import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatAmount, parseAmount } from './amount';
import { sameHash, settlementReportToken } from './fiuu-formulas';
import { FIUU_STATUS, FIUU_TXN, type FiuuSandboxTxn } from './fiuu-records';
import { FIUU_REFUND, type FiuuSandboxRefund } from './fiuu-refund-sandbox';
import { formFields } from './form-fields';
import type { FiuuSandboxOptions, OperatorGuard } from './sandbox-options';
import type { SandboxStore } from './sandbox-store';

/**
 * Fiuu's "Settlement Report (Reconciliation)", written from the API Spec for Merchant v13.86 (p. 87-92):
 *
 *   GET {prefix}/fiuu-api/RMS/API/settlement/report.php
 *       version, merchant_id, token = md5({merchantID}{verify_key}{date}), date (YYYY-MM-DD), format
 *
 * The answer (format json; the sandbox answers no xml or csv) is a list of records: one H (header: the batch's
 * currency, totals, reference, date), a D per transaction settled in the batch, and from version 4.0 on an R per
 * refund or chargeback deducted from it ("Version 4.0, 5.0 and 6.0 will include refund and chargeback records").
 * Amounts are "numeric without decimal and comma" (minor units), an R's negative. The sandbox settles a day's
 * captures in that day's batch (Malaysia time) and deducts a refund in the batch of the day it succeeded, whether
 * the merchant asked for it through the refund API or in the merchant portal. Errors are "always in JSON format":
 * `{"success": false, "token": "invalid token"}`, `{"success": false, "date": "invalid date format, eg.
 * yyyy-mm-dd"}`.
 *
 * A refund made in Fiuu's merchant portal reaches no merchant system (Fiuu sends nothing for it); the sandbox plays
 * one as an operator control:
 *
 *   POST {prefix}/fiuu/portal-refund   { tranID, amount? }   operators only; the whole payment by default
 */

const MYT_MS = 8 * 3_600_000;

/** The Malaysia-time date (YYYY-MM-DD) of an instant. */
const mytDate = (at: number) => new Date(at + MYT_MS).toISOString().slice(0, 10);
/** A Fiuu time (`YYYY-MM-DD HH:mm:ss`, Malaysia time) as epoch ms, or NaN. */
const mytMs = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`);

/** Versions that carry the refund and chargeback records (R). */
const WITH_REFUNDS = new Set(['4.0', '5.0', '5.0min', '6.0']);

const DIGITS = (date: string) => date.replaceAll('-', '');

function jsonAnswer(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function registerFiuuSettlementSandbox(
  app: FastifyInstance,
  {
    fiuu,
    store,
    requireOperator,
  }: { fiuu: FiuuSandboxOptions; store: SandboxStore; requireOperator: OperatorGuard },
): void {
  app.get('/fiuu-api/RMS/API/settlement/report.php', async (request, reply) => {
    const f = formFields(request.query);
    const merchant = f.merchant_id ?? '';
    const date = f.date ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
      return jsonAnswer(reply, { success: false, date: 'invalid date format, eg. yyyy-mm-dd' });
    }
    if (
      merchant !== fiuu.merchantId ||
      !sameHash(settlementReportToken({ merchant_id: merchant, date }, fiuu.verifyKey), f.token)
    ) {
      return jsonAnswer(reply, { success: false, token: 'invalid token' });
    }
    if ((f.format ?? 'json').toLowerCase() !== 'json') {
      return jsonAnswer(reply, { success: false, format: 'the sandbox answers format json only' });
    }
    const txns = await store.findBy<FiuuSandboxTxn>(FIUU_TXN, ['domain'], merchant);
    const settled = txns
      .filter((t) => t.status === FIUU_STATUS.paid && mytDate(mytMs(t.paydate)) === date)
      .sort((a, b) => mytMs(a.paydate) - mytMs(b.paydate));
    const byTran = new Map(txns.map((t) => [t.tranID, t]));
    // The refunds of the merchant's payments (a refund record names its transaction, not the merchant).
    const refunds = WITH_REFUNDS.has(f.version ?? '')
      ? (
          await Promise.all(
            txns
              .filter((t) => t.status === FIUU_STATUS.paid)
              .map((t) => store.findBy<FiuuSandboxRefund>(FIUU_REFUND, ['TxnID'], t.tranID)),
          )
        )
          .flat()
          .filter((r) => r.Status === FIUU_STATUS.paid && mytDate(Date.parse(r.createdAt)) === date)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      : [];
    const base = (t: FiuuSandboxTxn) => ({
      MerchantId: merchant,
      OrderId: t.orderid,
      Channel: t.channel,
      AcquirerReference: t.tranID,
      TransactionDate: DIGITS(t.paydate.slice(0, 10)),
      TransactionTime: t.paydate.slice(11).replaceAll(':', ''),
      TransactionCurrency: t.currency,
      TransactionGST: '0',
      SettlementCurrency: 'MYR',
      Forex: null,
    });
    const D = settled.map((t) => {
      const gross = parseAmount(t.amount) ?? 0;
      return {
        RecordIdentifier: 'D',
        ...base(t),
        RefundFees: '0',
        // The sandbox charges no fee: net is gross.
        TransactionNetAmount: String(gross),
        TransactionCommissionAmount: '0',
        TransactionGrossAmount: String(gross),
        SettlementNetAmountInProcessingCurrency: String(gross),
        SettlementNetAmount: String(gross),
        Status: 'SETTLED',
      };
    });
    const R = refunds.flatMap((r) => {
      const t = byTran.get(r.TxnID);
      if (!t) return [];
      const amount = parseAmount(r.Amount) ?? 0;
      return [
        {
          RecordIdentifier: 'R',
          ...base(t),
          RefundID: r.RefundID,
          MerchantRefID: r.RefID,
          RefundFees: '0',
          TransactionNetAmount: String(-amount),
          TransactionCommissionAmount: '0',
          TransactionGrossAmount: String(-amount),
          SettlementNetAmountInProcessingCurrency: String(-amount),
          SettlementNetAmount: String(-amount),
          Status: 'REFUND',
        },
      ];
    });
    const sum = (rows: { TransactionGrossAmount: string }[]) =>
      rows.reduce((total, row) => total + Number(row.TransactionGrossAmount), 0);
    const H = {
      RecordIdentifier: 'H',
      SettlementCurrency: 'MYR',
      SettlementNetAmount: String(sum(D) + sum(R)),
      SettlementCommissionAmount: '0',
      NumberOfTransactions: D.length,
      BatchReferenceNumber: `${DIGITS(date)}-SANDBOX`,
      SettlementDate: DIGITS(date),
      SettlementGSTAmount: '0',
      BankAccount: '(SANDBOX BANK) 0000 0000 0000',
      RefundNetAmount: String(-sum(R)),
      RefundGSTAmount: '0',
    };
    return jsonAnswer(reply, [H, ...D, ...R]);
  });

  const ZPortalRefund = z.object({
    tranID: z.string().regex(/^\d{1,20}$/),
    amount: z
      .string()
      .regex(/^\d{1,13}(\.\d{1,2})?$/)
      .optional(),
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/fiuu/portal-refund',
    {
      preHandler: requireOperator,
      schema: {
        tags: ['sandbox'],
        security: [{ bearer: [] }],
        summary:
          "Fiuu sandbox: refund a payment in the merchant portal (the merchant's systems hear nothing)",
        body: ZPortalRefund,
      },
    },
    async (request, reply) => {
      const { tranID, amount } = request.body;
      const outcome = await store.transaction(async (tx) => {
        const txn = await tx.lockBy<FiuuSandboxTxn>(FIUU_TXN, ['tranID'], tranID);
        if (!txn || txn.status !== FIUU_STATUS.paid) return { error: 'no paid transaction with this tranID' };
        const paid = parseAmount(txn.amount) ?? 0;
        const refunded = (await tx.findBy<FiuuSandboxRefund>(FIUU_REFUND, ['TxnID'], tranID))
          .filter((r) => r.Status !== FIUU_STATUS.failed)
          .reduce((total, r) => total + (parseAmount(r.Amount) ?? 0), 0);
        const minor = amount === undefined ? paid - refunded : (parseAmount(amount) ?? 0);
        if (minor <= 0 || refunded + minor > paid) return { error: 'more than is left to refund' };
        const refundId = String(randomInt(10_000_000, 99_999_999));
        const refund: FiuuSandboxRefund = {
          RefundID: refundId,
          RefID: `portal-${refundId}`,
          TxnID: tranID,
          orderid: txn.orderid,
          Amount: formatAmount(minor),
          Status: FIUU_STATUS.paid,
          reason: 'Refunded in the merchant portal',
          settles: true,
          createdAt: new Date().toISOString(),
        };
        await tx.putOnce(FIUU_REFUND, refund.RefID, refund);
        return { refund };
      });
      if ('error' in outcome) return reply.code(409).send({ error: outcome.error });
      return outcome.refund;
    },
  );
}
