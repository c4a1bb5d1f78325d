import { z } from 'zod';
import { MAX_ROW_ID } from './api';
import { ZOrderNum } from './orders';

/**
 * Issue #28: a card holder's dispute of a payment (Stripe's Dispute object, "charge.dispute.*" events), attached to
 * its order. It is not an order status: the order keeps its own; the dispute has its own status, in Stripe's words.
 */

/** Stripe's dispute statuses ("The Dispute object", `status`). */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export type TDisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** The statuses in which the bank has decided (or the inquiry was closed): nothing left to answer. */
export const CLOSED_DISPUTE_STATUSES: readonly TDisputeStatus[] = ['won', 'lost', 'warning_closed'];

/** The statuses in which evidence can still be submitted. */
export const ANSWERABLE_DISPUTE_STATUSES: readonly TDisputeStatus[] = [
  'needs_response',
  'warning_needs_response',
];

export const ZDispute = z.object({
  id: z.number().int(),
  order_num: z.string(),
  gateway: z.string(),
  /** The gateway's id of the dispute (Stripe: du_…). */
  dispute_ref: z.string(),
  /** ISO minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  /** In the gateway's words (Stripe: fraudulent, product_not_received, …). */
  reason: z.string(),
  status: z.string(),
  evidence_due_by: z.string().nullable(),
  evidence_submitted_at: z.string().nullable(),
  /** The account that submitted the evidence. */
  evidence_submitted_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TDispute = z.infer<typeof ZDispute>;

/**
 * What the shop holds to answer a dispute about an order: when and from where it was placed, the BIGO ID, when and
 * how BIGO confirmed the delivery, the receipt sent. Times are ISO strings; null where the shop has no record.
 */
export const ZDisputeEvidence = z.object({
  order_num: z.string(),
  email: z.string(),
  placed_at: z.string(),
  /** The buyer's address when the order was placed (behind TRUST_PROXY as every address); null for older orders. */
  client_ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  bigo_id: z.string(),
  product: z.string(),
  diamonds: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  paid_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** How BIGO confirmed the delivery: the cause of the order's move into "Charged". */
  delivery_confirmation: z.string().nullable(),
  /** When the receipt e-mail was sent to the buyer. */
  receipt_sent_at: z.string().nullable(),
  /** A prefilled explanation, for the operator to edit before submitting. */
  explanation: z.string(),
});
export type TDisputeEvidence = z.infer<typeof ZDisputeEvidence>;

/** GET /api/v1/order/disputes?order_num= (superusers). */
export const ZOrderDisputes = z.object({
  disputes: z.array(ZDispute),
  evidence: ZDisputeEvidence,
});
export type TOrderDisputes = z.infer<typeof ZOrderDisputes>;

/** Stripe limits the combined text of the evidence to 150 000 characters; the explanation is kept well under it. */
export const DISPUTE_EXPLANATION_MAX = 20_000;

/** POST /api/v1/order/dispute/evidence (superusers): submit the gathered evidence with the operator's words. */
export const ZDisputeEvidenceSubmit = z.object({
  order_num: ZOrderNum,
  /** Our id of the dispute (TDispute.id). */
  dispute_id: z.number().int().min(1).max(MAX_ROW_ID),
  explanation: z.string().trim().min(1).max(DISPUTE_EXPLANATION_MAX),
});
export type TDisputeEvidenceSubmit = z.infer<typeof ZDisputeEvidenceSubmit>;
