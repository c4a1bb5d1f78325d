import { formatMinor } from '@ezrecharge/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config';
import { fiuuSkey } from '../../src/gateways/fiuu/fiuu-protocol';
import { gatewaySettings } from '../../src/gateways/gateway-settings';
import { orderRow } from './order-commit';

let tran = 9_500_000_000;

/**
 * Fiuu's server-to-server notification (`nbcb=2`) of a payment of the order's own amount through `channel`, signed
 * with the sandbox merchant's secret key as Fiuu signs it (skey), sent over HTTP to the app at `url`.
 */
export async function notifyFiuuPaid(
  t: { app: FastifyInstance; config: Config },
  url: string,
  secret: string,
  orderNum: string,
  channel = 'credit',
): Promise<Response> {
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
  return fetch(`${url}/api/v1/payment/fiuu/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...base, skey: fiuuSkey(base, fiuu.secretKey), nbcb: '2' }).toString(),
  });
}
