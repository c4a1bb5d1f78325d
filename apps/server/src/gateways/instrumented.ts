import { timeCall } from '../infra/metrics';
import type { PaymentProvider } from './payment-provider';
import type { PaymentProviders } from './payment-providers';
import type { BigoGateway, Gateways } from './ports';

/**
 * The far ends with every outbound call timed for Prometheus (ezrecharge_gateway_call_duration_seconds, issue #31).
 * A decorator at the composition root, so neither the clients nor the modules know of metrics. An answer that is
 * no usable answer (BIGO "unavailable" or "retry" without a rescode, a payment or refund state "unknown") counts as
 * an error, like a throw.
 */
function instrumentBigo(bigo: BigoGateway): BigoGateway {
  return {
    simulator: bigo.simulator,
    precheck: (bigoId) =>
      timeCall(
        'bigo',
        'precheck',
        () => bigo.precheck(bigoId),
        (o) => o.kind === 'unavailable' && o.rescode === null,
      ),
    recharge: (request) =>
      timeCall(
        'bigo',
        'recharge',
        () => bigo.recharge(request),
        (o) => o.kind === 'retry' && o.rescode === null,
      ),
    testSignature: () => bigo.testSignature(),
  };
}

function instrumentProvider(provider: PaymentProvider): PaymentProvider {
  const g = provider.id;
  return {
    ...provider,
    handOff: (order, deadline) => timeCall(g, 'hand_off', () => provider.handOff(order, deadline)),
    acknowledge: (request, notification) =>
      timeCall(g, 'acknowledge', () => provider.acknowledge(request, notification)),
    queryStatus: (order) =>
      timeCall(
        g,
        'query_status',
        () => provider.queryStatus(order),
        (s) => s.state === 'unknown',
      ),
    expire: (order) => timeCall(g, 'expire', () => provider.expire(order)),
    refund: (request) =>
      timeCall(
        g,
        'refund',
        () => provider.refund(request),
        (r) => r.state === 'unknown',
      ),
    refundStatus: (query) =>
      timeCall(
        g,
        'refund_status',
        () => provider.refundStatus(query),
        (r) => r.state === 'unknown',
      ),
    records: (window) =>
      timeCall(
        g,
        'records',
        () => provider.records(window),
        (r) => !r.ok,
      ),
  };
}

function instrumentProviders(providers: PaymentProviders): PaymentProviders {
  const wrapped = new Map(providers.all().map((p) => [p, instrumentProvider(p)]));
  const wrap = (p: PaymentProvider) => wrapped.get(p) ?? p;
  return {
    get: (id) => wrap(providers.get(id)),
    ofOrder: (order) => wrap(providers.ofOrder(order)),
    forCurrency: (currency) => wrap(providers.forCurrency(currency)),
    all: () => providers.all().map(wrap),
    descriptor: (id) => providers.descriptor(id),
    formOrigins: () => providers.formOrigins(),
    priceSync: () => providers.priceSync(),
    priceProblem: (minor, currency) => providers.priceProblem(minor, currency),
  };
}

export function instrumentGateways(gateways: Gateways): Gateways {
  return { payments: instrumentProviders(gateways.payments), bigo: instrumentBigo(gateways.bigo) };
}
