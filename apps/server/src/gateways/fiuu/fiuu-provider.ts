import { ORDER_NUM_PATTERN, orderNote } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CallSlots } from '../../infra/call-slots';
import type {
  EndpointReply,
  PaymentEndpoint,
  PaymentProvider,
  PaymentReport,
  RawPaymentRequest,
  ReceivedNotification,
} from '../payment-provider';
import { fiuuChannelsFor, fiuuSameChosenChannel, publicChannel } from './fiuu-channels';
import { createFiuuClient } from './fiuu-client';
import {
  fiuuEarlierRefundIds,
  fiuuRefundBankDetails,
  fiuuRefundId,
  formFields,
  parseForm,
} from './fiuu-protocol';
import { fiuuDailyRecords, fiuuTime } from './fiuu-report';
import type { FiuuSettings } from './fiuu-settings';
import { fiuuSettlementRefunds } from './fiuu-settlement';
import type { FiuuResult } from './fiuu-types';

/**
 * Fiuu as a PaymentProvider (DESIGN.md §7): the hosted page is a signed form the browser posts, so a hand-off needs
 * no call to Fiuu; results arrive on three URLs (return through the browser, notify and callback server to server),
 * each proved by its skey; the status query asks by order id; refunds go through Fiuu's refund API.
 */

const ENDPOINTS: readonly PaymentEndpoint[] = [
  {
    name: 'return',
    method: 'POST',
    role: 'notification',
    summary: 'Fiuu return URL: the buyer’s browser posts the payment result here',
    description:
      'Form post from Fiuu’s hosted page. Stored, checked by skey, applied, acknowledged by IPN; answers 303 to ' +
      '/home-order?order_num=…&success=true|false (true only for a verified, paid 00).',
  },
  {
    name: 'notify',
    method: 'POST',
    role: 'notification',
    summary: 'Fiuu notify URL (server to server, nbcb=2)',
    description:
      'Stored, checked by skey, applied, acknowledged by IPN; answers 200 "OK", or 400 to a post whose skey does not ' +
      'verify (not acknowledged; the order is untouched).',
  },
  {
    name: 'callback',
    method: 'POST',
    role: 'notification',
    summary: 'Fiuu callback URL (server to server, nbcb=1)',
    description: 'Stored, checked by skey, applied; a verified post is acknowledged with "CBTOKEN:MPSTATOK".',
  },
];

/**
 * Fiuu's spec ("Advanced Full/Partial Refund"): "the refund process will take about 7-14 days after the request is
 * sent". Until then an undecided refund is simply still on its way.
 */
export const FIUU_REFUND_SETTLES_WITHIN_MS = 14 * 24 * 60 * 60_000;

const validOrderNum = (value: string | undefined): string | null =>
  value && ORDER_NUM_PATTERN.test(value) ? value : null;

/** What a verified Fiuu result says, as a report for the order (pending believes nothing yet). */
function reportOf(endpoint: string, result: FiuuResult): PaymentReport {
  const code = result.state === 'paid' ? '00' : result.state === 'failed' ? '11' : '22';
  let outcome: PaymentReport['result'] = 'pending';
  if (result.state === 'paid') outcome = 'paid';
  else if (result.state === 'failed') outcome = result.cancelled ? 'cancelled' : 'failed';
  return {
    result: outcome,
    amount: result.amount,
    currency: result.currency,
    ref: result.tranId,
    channel: result.channel || null,
    cause: orderNote(result.cancelled ? 'fiuu_report_cancelled' : 'fiuu_report', { endpoint, status: code }),
    detail: {
      tranId: result.tranId,
      channel: result.channel,
      ...(result.state === 'failed' ? { errorCode: result.errorCode, errorDesc: result.errorDesc } : {}),
    },
  };
}

export function createFiuuProvider(
  settings: FiuuSettings,
  log: FastifyBaseLogger,
  slots?: CallSlots,
): PaymentProvider {
  const client = createFiuuClient(settings, log, { slots });

  const fieldsOf = (request: RawPaymentRequest) => formFields(parseForm(request.body));

  return {
    id: 'fiuu',
    displayName: 'Fiuu',
    sandbox: settings.sandbox,
    statelessHandoff: true,
    endpoints: ENDPOINTS,

    channels(currency) {
      return fiuuChannelsFor(currency, settings.channels).map(publicChannel);
    },

    sameChannel: fiuuSameChosenChannel,

    async handOff(order) {
      return { kind: 'page', body: { method: 'form', ...client.handoff(order) } };
    },

    receive(request): ReceivedNotification {
      const fields = fieldsOf(request);
      const result = client.verifyResult(fields);
      return {
        payload: fields,
        orderNum: validOrderNum(fields.orderid),
        dedupeKey: fields.tranID && fields.status ? `${fields.tranID}:${fields.status}`.slice(0, 200) : null,
        onceByKey: false,
        report: result ? reportOf(request.endpoint, result) : null,
        ...(result ? {} : { rejection: 'missing or wrong skey' }),
      };
    },

    async acknowledge(request, notification) {
      // The callback URL is acknowledged by its answer (CBTOKEN:MPSTATOK); return and notify by the IPN post.
      if (request.endpoint === 'callback') return;
      await client.acknowledge(notification.payload as Record<string, string>);
    },

    reply(endpoint, outcome): EndpointReply {
      if (endpoint === 'return') return { kind: 'result-page' };
      // Not acknowledged: Fiuu sends the result again.
      if (outcome.failed) return { kind: 'text', status: 500, body: 'ERROR' };
      // A server-to-server post whose skey does not verify is answered as Fiuu's own WooCommerce plugin answers it
      // (check_molpay_response_notification / _callback: status_header(400), no acknowledgement): an error, so that
      // neither Fiuu nor anyone probing the endpoint reads it as accepted, and a real post sent with keys we do not
      // (yet) match comes again. The order is not touched (PaymentsService.receive stores it as bad_signature).
      if (!outcome.verified) return { kind: 'text', status: 400, body: 'INVALID SKEY' };
      if (endpoint === 'callback') return { kind: 'text', status: 200, body: 'CBTOKEN:MPSTATOK' };
      return { kind: 'text', status: 200, body: 'OK' };
    },

    abandonedOrder() {
      return null;
    },

    queryStatus(order) {
      return client.queryStatus(order);
    },

    // A Fiuu hosted page cannot be closed from our side; money that still arrives moves the order to 7 anyway.
    async expire() {
      return true;
    },

    refundBankDetails(payment) {
      return fiuuRefundBankDetails(payment.paymentChannel);
    },

    refundSettlesWithinMs: FIUU_REFUND_SETTLES_WITHIN_MS,

    refund(request) {
      return client.refund({
        orderNum: request.orderNum,
        tranId: request.paymentRef,
        amount: request.amount,
        currency: request.currency,
        refId: fiuuRefundId(request.orderNum, request.reference),
        earlierRefIds: fiuuEarlierRefundIds(request.orderNum, request.reference),
        bank: request.bank,
      });
    },

    refundStatus(query) {
      return client.refundStatus(fiuuRefundId(query.orderNum, query.reference));
    },

    async records(window) {
      // Payments from the Daily Transaction Report; refunds and chargebacks from the Settlement Report of the
      // day's date in Malaysia time (the middle of the widened window: the shop day itself), the only place a
      // refund made in Fiuu's merchant portal shows.
      const date = fiuuTime(new Date((window.from.getTime() + window.to.getTime()) / 2)).slice(0, 10);
      const [daily, settled] = await Promise.all([
        fiuuDailyRecords(settings, log, window),
        fiuuSettlementRefunds(settings, log, date),
      ]);
      if (!daily.ok) return daily;
      if (!settled.ok) return settled;
      // A chargeback both reports name is counted once: the settlement's record, which carries the amount.
      const settledPayments = new Set(settled.records.map((r) => r.paymentRef));
      const payments = daily.records.filter((r) => !(r.kind === 'refund' && settledPayments.has(r.ref)));
      return { ok: true, records: [...payments, ...settled.records] };
    },
  };
}
