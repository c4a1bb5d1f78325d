import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseAmount } from './amount';
import {
  refundAnswerSignature,
  refundQuerySignature,
  refundRequestSignature,
  sameHash,
} from './fiuu-formulas';
import { FIUU_STATUS, FIUU_TXN, type FiuuSandboxTxn } from './fiuu-records';
import { formFields } from './form-fields';
import { refundControls, registerRefundControls, type TInquiryMode } from './refund-controls';
import type { FiuuSandboxOptions, OperatorGuard } from './sandbox-options';
import type { SandboxRecords, SandboxStore } from './sandbox-store';

/**
 * The built-in Fiuu's refunds, written from Fiuu's "API Spec for Merchant" v13.86, sections "Advanced Full/Partial
 * Refund" and "Partial Refund Status Inquiry by TxnID/RefID" with their Appendix C (error codes), and the
 * refund error table of Fiuu's "Cheatsheet & Best Practices" README:
 *
 *   POST {prefix}/fiuu-api/RMS/API/refundAPI/index.php      refund (kind fiuu_refund, key = RefID)
 *   POST {prefix}/fiuu-api/RMS/API/refundAPI/q_by_refID.php  refund status by RefID (request type 2)
 *
 * A refund is checked as Fiuu does: mandatory fields (PR001-PR006), merchant (PR007), Signature (PR008), a
 * transaction recorded here (PR009) that is paid (PR010), never more than was paid in total (PR011), and a RefID
 * never used before (PR016), and the bank fields ("Applicable for Online Banking only"): an online-banking
 * payment (an FPX channel) needs BankCode (an{8}, PR013), BeneficiaryName (alphanumeric, PR018) and
 * BeneficiaryAccNo (PR014 without them), a card payment refuses them (PR012). How an accepted refund ends is set by
 * the control record (kind fiuu_refund_controls, key default): `succeed` (the default) answers 00 at once,
 * `pending` answers 22 and is a success by the next status inquiry, `stuck` answers 22 for good, `reject` answers
 * 11 with a reason; `busy` refuses every refund with PR015 "Server is busy" and `expired` with PR017 (out of the
 * allowed period), so a merchant can see what it does with a retryable and a final refusal. The same record's
 * `inquiry` makes the status inquiry answer PR015 (`busy`) or HTTP 503 (`down`) while the refunds go through.
 */

export const FIUU_REFUND = 'fiuu_refund';
export const FIUU_REFUND_CONTROLS = 'fiuu_refund_controls';

/** RefundType P ("Partial Refund"; with the whole amount it is a full refund) is the only type the spec lists. */
const REFUND_TYPE = 'P';

const MODES = ['succeed', 'pending', 'stuck', 'reject', 'busy', 'expired'] as const;
export type TFiuuRefundMode = (typeof MODES)[number];
export const fiuuRefundControls = refundControls(FIUU_REFUND_CONTROLS, MODES);

/** Sets how the sandbox's next refunds end (tests; operators use PUT {prefix}/fiuu/refund-controls). */
export async function setFiuuRefundControls(
  store: SandboxRecords,
  controls: { mode?: TFiuuRefundMode; inquiry?: TInquiryMode },
): Promise<void> {
  await fiuuRefundControls.write(store, controls);
}

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
  /** Whether a pending refund settles to success by the next status inquiry. */
  settles: boolean;
  createdAt: string;
}

const REJECT_REASON = 'Refund rejected by the issuing bank (sandbox control)';

type Refusal = readonly [code: string, desc: string];

/** Appendix C "Error Code & Description in JSON", as written there. */
const PR = {
  type: ['PR001', 'Refund Type not found.'],
  merchantMissing: ['PR002', 'MerchantID field is mandatory.'],
  refIdMissing: ['PR003', 'RefID field is mandatory.'],
  txnIdMissing: ['PR004', 'TxnID field is mandatory'],
  amountMissing: ['PR005', 'Amount field is mandatory.'],
  signatureMissing: ['PR006', 'Signature field is mandatory'],
  merchant: ['PR007', 'Merchant ID not found.'],
  signature: ['PR008', 'Invalid Signature.'],
  txn: ['PR009', 'Txn ID not found.'],
  exceeded: ['PR011', 'Exceed refund amount for this transaction.'],
  bankNotForCard: ['PR012', 'Bank information is not applicable for credit channel transaction.'],
  bankCode: ['PR013', 'BankCode not found in our database, please contact support.'],
  bankMissing: ['PR014', 'Bank information is mandatory for non-credit channel transaction.'],
  busy: ['PR015', 'Server is busy, try again later.'],
  duplicate: ['PR016', 'Duplicate RefID found, please provide a unique RefID.'],
  expired: ['PR017', 'Refund request for transaction that is out of the allowed period.'],
  beneficiaryName: ['PR018', 'BeneficiaryName cannot contain non-alphanumeric characters.'],
} as const;

/** Online banking pays back by bank transfer: FPX and the banks' own internet banking ("Indirect / Direct …"). */
const isOnlineBanking = (channel: string) =>
  /^FPX|^(MB2u|CIMB-Clicks|RHB-ONL|PBeBank|HLB-ONL)$/i.test(channel);

/** What the bank fields of a refund earn for a transaction paid through `channel`, or null when they are right. */
function checkBankFields(f: Record<string, string | undefined>, channel: string): Refusal | null {
  const given = [f.BankCode, f.BeneficiaryName, f.BeneficiaryAccNo].some((v) => (v ?? '') !== '');
  if (!isOnlineBanking(channel)) return given && channel === 'credit' ? PR.bankNotForCard : null;
  if (!f.BankCode || !f.BeneficiaryName || !f.BeneficiaryAccNo) return PR.bankMissing;
  // "BankCode an{8}", "BankCountry a{2} (Default value: MY)".
  if (!/^[A-Za-z0-9]{8}$/.test(f.BankCode)) return PR.bankCode;
  if (f.BankCountry && !/^[A-Za-z]{2}$/.test(f.BankCountry)) return PR.bankCode;
  if (!/^[A-Za-z0-9 ]{1,100}$/.test(f.BeneficiaryName)) return PR.beneficiaryName;
  if (!/^[0-9A-Za-z.:|?*,!&_ -]{1,100}$/.test(f.BeneficiaryAccNo)) return PR.bankMissing;
  return null;
}
const notRefundable = (status: string): Refusal => [
  'PR010',
  `Transaction must be in authorized/captured/settled status. Current transaction is in ${status} status.`,
];
/** The inquiry's codes, Appendix C (INQ001 is TxnID's, for request type 1; type 2 misses RefID with INQ011). */
const INQ = {
  merchantMissing: ['INQ002', 'MerchantID field is mandatory.'],
  signatureMissing: ['INQ003', 'Signature field is mandatory.'],
  merchant: ['INQ004', 'Merchant ID not found.'],
  signature: ['INQ005', 'Invalid Signature.'],
  notFound: ['INQ006', 'Unable to find refund transaction.'],
  refIdMissing: ['INQ011', 'RefID field is mandatory.'],
} as const;

/** The inquiry's Status words for the refund API's codes. */
const STATUS_WORDS: Record<string, string> = { '00': 'success', '11': 'rejected', '22': 'pending' };
const TXN_STATUS_WORDS: Record<string, string> = { '11': 'failed', '22': 'pending' };

export function registerFiuuRefundSandbox(
  app: FastifyInstance,
  {
    fiuu,
    store,
    requireOperator,
  }: { fiuu: FiuuSandboxOptions; store: SandboxStore; requireOperator: OperatorGuard },
): void {
  const { merchantId, verifyKey, secretKey } = fiuu;
  registerRefundControls(app, {
    path: '/fiuu/refund-controls',
    vendor: 'Fiuu',
    controls: fiuuRefundControls,
    store,
    requireOperator,
  });

  const json = (reply: FastifyReply, body: unknown) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  const refuse = (reply: FastifyReply, [code, desc]: Refusal) =>
    json(reply, { error_code: code, error_desc: desc });

  const answer = (refund: FiuuSandboxRefund) => {
    const fields = {
      RefundType: REFUND_TYPE,
      MerchantID: merchantId,
      RefID: refund.RefID,
      RefundID: refund.RefundID,
      TxnID: refund.TxnID,
      Amount: refund.Amount,
      Status: refund.Status,
    };
    return {
      ...fields,
      Signature: refundAnswerSignature(fields, secretKey),
      ...(refund.reason ? { reason: refund.reason } : {}),
    };
  };

  /** The first refusal a refund request earns before any record is read, or null. */
  function checkRequest(f: Record<string, string>): Refusal | null {
    if (!f.RefundType) return PR.type;
    if (!f.MerchantID) return PR.merchantMissing;
    if (!f.RefID) return PR.refIdMissing;
    if (!f.TxnID) return PR.txnIdMissing;
    if (!f.Amount) return PR.amountMissing;
    if (!f.Signature) return PR.signatureMissing;
    if (f.MerchantID !== merchantId) return PR.merchant;
    const signed = {
      RefundType: f.RefundType,
      MerchantID: f.MerchantID,
      RefID: f.RefID,
      TxnID: f.TxnID,
      Amount: f.Amount,
    };
    if (!sameHash(refundRequestSignature(signed, secretKey), f.Signature)) return PR.signature;
    if (f.RefundType !== REFUND_TYPE) return PR.type;
    // "RefID ans{1..100}", "TxnID n{1..20}", "Amount n{10,2}": the spec gives no codes for a malformed value, so
    // the sandbox answers them as the missing field's.
    if (f.RefID.length > 100) return PR.refIdMissing;
    if (!/^\d{1,20}$/.test(f.TxnID)) return PR.txn;
    const amount = parseAmount(f.Amount);
    if (amount === null || amount <= 0) return PR.amountMissing;
    return null;
  }

  app.post('/fiuu-api/RMS/API/refundAPI/index.php', async (request, reply) => {
    const f = formFields(request.body);
    const refused = checkRequest(f);
    if (refused) return refuse(reply, refused);
    const refId = f.RefID ?? '';
    const txnId = f.TxnID ?? '';
    const amountText = f.Amount ?? '';
    const amount = parseAmount(amountText) ?? 0;
    const controls = await fiuuRefundControls.read(store);
    if (controls.mode === 'busy') return refuse(reply, PR.busy);
    if (controls.mode === 'expired') return refuse(reply, PR.expired);

    type Outcome = { refund: FiuuSandboxRefund } | { refused: Refusal };
    const outcome = await store.transaction(async (tx): Promise<Outcome> => {
      // The transaction's record is locked until this ends, so refunds of one payment take turns.
      const txn = await tx.lockBy<FiuuSandboxTxn>(FIUU_TXN, ['tranID'], txnId);
      if (!txn) return { refused: PR.txn };
      if (txn.status !== FIUU_STATUS.paid) {
        return { refused: notRefundable(TXN_STATUS_WORDS[txn.status] ?? txn.status) };
      }
      if ((await tx.get(FIUU_REFUND, refId)) !== undefined) return { refused: PR.duplicate };
      const bank = checkBankFields(f, txn.channel);
      if (bank) return { refused: bank };
      // Money on its way back or returned counts against what is left; a rejected refund gave it back.
      const refunded = (await tx.findBy<FiuuSandboxRefund>(FIUU_REFUND, ['TxnID'], txnId))
        .filter((r) => r.Status !== FIUU_STATUS.failed)
        .reduce((sum, r) => sum + (parseAmount(r.Amount) ?? 0), 0);
      if (refunded + amount > (parseAmount(txn.amount) ?? 0)) return { refused: PR.exceeded };
      const refund: FiuuSandboxRefund = {
        // "RefundID n{1..11}".
        RefundID: String(randomInt(10_000_000, 99_999_999)),
        RefID: refId,
        TxnID: txnId,
        orderid: txn.orderid,
        Amount: amountText,
        Status:
          controls.mode === 'reject'
            ? FIUU_STATUS.failed
            : controls.mode === 'succeed'
              ? FIUU_STATUS.paid
              : FIUU_STATUS.pending,
        reason: controls.mode === 'reject' ? REJECT_REASON : '',
        settles: controls.mode !== 'stuck',
        createdAt: new Date().toISOString(),
      };
      if (!(await tx.putOnce(FIUU_REFUND, refId, refund))) return { refused: PR.duplicate };
      return { refund };
    });
    if ('refused' in outcome) return refuse(reply, outcome.refused);
    return json(reply, answer(outcome.refund));
  });

  app.post('/fiuu-api/RMS/API/refundAPI/q_by_refID.php', async (request, reply) => {
    const { inquiry } = await fiuuRefundControls.read(store);
    if (inquiry === 'down') {
      return reply.code(503).type('text/html; charset=utf-8').send('<h1>503 Service Unavailable</h1>');
    }
    if (inquiry === 'busy') return refuse(reply, PR.busy);
    const f = formFields(request.body);
    const refId = f.RefID ?? '';
    if (!refId) return refuse(reply, INQ.refIdMissing);
    if (!f.MerchantID) return refuse(reply, INQ.merchantMissing);
    if (!f.Signature) return refuse(reply, INQ.signatureMissing);
    if (f.MerchantID !== merchantId) return refuse(reply, INQ.merchant);
    if (!sameHash(refundQuerySignature({ RefID: refId, MerchantID: merchantId }, verifyKey), f.Signature)) {
      return refuse(reply, INQ.signature);
    }
    let refund = await store.get<FiuuSandboxRefund>(FIUU_REFUND, refId);
    // The answer is the list of refunds under the RefID ("PG responds JSON format … (positive result)"); a RefID
    // Fiuu holds no refund under is Appendix C's INQ006.
    if (!refund) return refuse(reply, INQ.notFound);
    if (refund.Status === FIUU_STATUS.pending && refund.settles) {
      // A pending refund settles by the time anyone asks about it.
      refund = { ...refund, Status: FIUU_STATUS.paid };
      await store.put(FIUU_REFUND, refund.RefID, refund);
    }
    return json(reply, [
      {
        TxnID: refund.TxnID,
        RefID: refund.RefID,
        RefundID: refund.RefundID,
        Status: STATUS_WORDS[refund.Status] ?? 'pending',
        LastUpdate: new Date().toISOString(),
      },
    ]);
  });
}
