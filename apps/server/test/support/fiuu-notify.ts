import { formatMinor } from '@ezrecharge/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config';
import { fiuuSkey } from '../../src/gateways/fiuu/fiuu-protocol';
import { gatewaySettings } from '../../src/gateways/gateway-settings';
import { orderRow } from './order-commit';

let tran = 9_500_000_000;

/**
 * The fields of Fiuu's result post for a payment of the order's own amount and currency through `channel`, signed
 * with the sandbox merchant's secret key as Fiuu signs them (skey).
 */
export async function fiuuPaidFields(
  t: { app: FastifyInstance; config: Config },
  secret: string,
  orderNum: string,
  channel = 'credit',
): Promise<Record<string, string>> {
  const row = await orderRow(t.app, orderNum);
  const fiuu = gatewaySettings(t.config, secret).fiuu;
  const base = {
    tranID: String(++tran),
    orderid: orderNum,
    status: '00',
    domain: fiuu.merchantId,
    amount: formatMinor(row.amount, row.currency),
    currency: row.currency,
    appcode: 'APP001',
    paydate: '2026-01-01 12:00:00',
    channel,
    error_code: '',
    error_desc: '',
  };
  return { ...base, skey: fiuuSkey(base, fiuu.secretKey) };
}

/** Fiuu's server-to-server notification (`nbcb=2`) of that payment, sent over HTTP to the app at `url`. */
export async function notifyFiuuPaid(
  t: { app: FastifyInstance; config: Config },
  url: string,
  secret: string,
  orderNum: string,
  channel = 'credit',
): Promise<Response> {
  const fields = await fiuuPaidFields(t, secret, orderNum, channel);
  return fetch(`${url}/api/v1/payment/fiuu/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, nbcb: '2' }).toString(),
  });
}
