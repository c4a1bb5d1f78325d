import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { GatewaySettings, Gateways, PaymentProviders, StripeCatalogue } from './gateways';
import type { AuthGuards, Sessions } from './infra/auth';
import type { DataDir } from './infra/data-dir';
import type { Db } from './infra/db';
import {
  definedJobKinds,
  type JobHandler,
  type JobHandlers,
  type JobPayload,
  type JobQueue,
  type JobType,
  jobRetentionHandler,
  jobRetentionJob,
} from './infra/jobs';
import type { Mailer } from './infra/mail';
import type { RateLimiter } from './infra/rate-limit';
import {
  balanceWarningHandler,
  balanceWarningJob,
  bigoAccessAlertHandler,
  bigoAccessAlertJob,
  deliveryUncertainAlertHandler,
  deliveryUncertainAlertJob,
  extraPaymentAlertHandler,
  extraPaymentAlertJob,
  refundOverdueAlertHandler,
  refundOverdueAlertJob,
} from './modules/alerts/alert-jobs';
import { reconciliationAlertHandler, reconciliationAlertJob } from './modules/alerts/reconciliation-alert';
import { AttachmentsService } from './modules/attachments/attachments-service';
import { UploadStore } from './modules/attachments/attachments-store';
import {
  accountAttackNoticeHandler,
  accountAttackNoticeJob,
  signInCodeMailHandler,
  signInCodeMailJob,
} from './modules/auth/auth-jobs';
import { AuthService } from './modules/auth/auth-service';
import { TwoFactorService } from './modules/auth/two-factor-service';
import { CatalogueSyncService } from './modules/catalogue/catalogue-sync-service';
import { PricesService } from './modules/catalogue/prices-service';
import { ProductsService } from './modules/catalogue/products-service';
import { disputeAlertHandler, disputeAlertJob } from './modules/disputes/disputes-jobs';
import { DisputesService } from './modules/disputes/disputes-service';
import { FaqService } from './modules/faq/faq-service';
import { FeedbackService } from './modules/feedback/feedback-service';
import {
  DELIVERY_SWEEP_INTERVAL_MS,
  deliverOrderHandler,
  deliverySweepHandler,
} from './modules/fulfilment/delivery-job';
import { deliverOrderJob, deliverySweepJob, receiptMailJob } from './modules/fulfilment/fulfilment-jobs';
import { FulfilmentService } from './modules/fulfilment/fulfilment-service';
import { fulfilmentSubscribers } from './modules/fulfilment/fulfilment-subscribers';
import { orderNoticeMailHandler, receiptMailHandler } from './modules/fulfilment/mail-jobs';
import { orderNoticeMailJob } from './modules/fulfilment/order-notices';
import { deliverPrizeHandler } from './modules/fulfilment/prize-delivery-job';
import { JobsService } from './modules/jobs/jobs-service';
import { OrderSubscribers } from './modules/order-lifecycle/order-events';
import { OrderLifecycle } from './modules/order-lifecycle/order-lifecycle';
import { OrdersService } from './modules/orders/orders-service';
import { channelMismatchSubscriber } from './modules/payments/channel-mismatch';
import { notificationRetentionHandler } from './modules/payments/notification-retention';
import { notificationRetentionJob, paymentTimeoutJob } from './modules/payments/payment-jobs';
import { paymentTimeoutHandler } from './modules/payments/payment-timeout';
import { PaymentsService } from './modules/payments/payments-service';
import {
  dailyReconciliationHandler,
  dailyReconciliationJob,
  RECONCILIATION_HOUR,
} from './modules/reconciliation/reconciliation-jobs';
import { ReconciliationService } from './modules/reconciliation/reconciliation-service';
import { nextMorning } from './modules/reconciliation/shop-day';
import { extraPaymentRecordedHandler, extraRefundHandler } from './modules/refunds/extra-refund-job';
import { refundOrderHandler } from './modules/refunds/refund-job';
import {
  extraPaymentMailJob,
  extraPaymentRecordedJob,
  extraRefundJob,
  refundOrderJob,
} from './modules/refunds/refunds-common';
import { extraPaymentMailHandler } from './modules/refunds/refunds-mails';
import { RefundsService } from './modules/refunds/refunds-service';
import { refundsSubscribers } from './modules/refunds/refunds-subscribers';
import { RewardsService } from './modules/rewards/rewards-service';
import { rewardsSubscribers } from './modules/rewards/rewards-subscribers';
import { deliverPrizeJob } from './modules/rewards/spins-jobs';
import { SpinsService } from './modules/rewards/spins-service';
import {
  riskHoldAlertHandler,
  riskHoldAlertJob,
  riskReviewMailHandler,
  riskReviewMailJob,
} from './modules/risk/risk-jobs';
import { RiskService } from './modules/risk/risk-service';
import { riskSubscribers } from './modules/risk/risk-subscribers';
import { salesDaysSubscriber } from './modules/sales/sales-days';
import { SalesService } from './modules/sales/sales-service';
import { UsersService } from './modules/users/users-service';

/**
 * The composition root: the one place where the server's services are created and its job handlers registered.
 * The web process (app.ts: routes map HTTP to these services) and the worker-only process (worker.ts: no HTTP)
 * both start from here, so both run the same code on the same database.
 */

/** What the services are built from: configuration and the infrastructure opened by `openCore` (core.ts). */
export interface Infra {
  config: Config;
  db: Db;
  dataDir: DataDir;
  mailer: Mailer;
  limiter: RateLimiter;
  sessions: Sessions;
  /** Fiuu, Stripe and BIGO clients (real or pointed at the built-in sandboxes). */
  gateways: Gateways;
  settings: GatewaySettings;
  /** The catalogue's side of Stripe, on the same SDK client as the Stripe payment provider. */
  stripeCatalogue: StripeCatalogue;
  jobs: JobQueue;
  /** The order's life with the subscribers of every module (orderLifecycle below). */
  lifecycle: OrderLifecycle;
  log: FastifyBaseLogger;
  now: () => Date;
}

export interface Services {
  auth: AuthService;
  twoFactor: TwoFactorService;
  users: UsersService;
  attachments: AttachmentsService;
  products: ProductsService;
  prices: PricesService;
  catalogueSync: CatalogueSyncService;
  faq: FaqService;
  feedback: FeedbackService;
  jobs: JobsService;
  orders: OrdersService;
  payments: PaymentsService;
  fulfilment: FulfilmentService;
  refunds: RefundsService;
  disputes: DisputesService;
  reconciliation: ReconciliationService;
  rewards: RewardsService;
  spins: SpinsService;
  sales: SalesService;
  risk: RiskService;
}

/** What a route plugin receives: the services it maps HTTP to, and the request-level pieces routes need. */
export interface RouteDeps {
  services: Services;
  guards: AuthGuards;
  sessions: Sessions;
  /** The payment providers: each declares the endpoints it is called at. */
  payments: PaymentProviders;
  /** PUBLIC_URL is https: the site's own cookies are Secure (issue #29's browser id). */
  secureCookies: boolean;
}

function refundsService(infra: Infra): RefundsService {
  const { db, jobs, log, gateways, config, lifecycle } = infra;
  return new RefundsService({
    db,
    lifecycle,
    jobs,
    log,
    payments: gateways.payments,
    secret: infra.dataDir.secret,
    extraPaymentRefund: config.extraPaymentRefund,
  });
}

/** Payments as a job builds them: with the disputes their Stripe events attach to. */
function paymentsService(infra: Infra): PaymentsService {
  const { db, lifecycle, limiter, log, gateways, jobs } = infra;
  const disputes = new DisputesService({ db, payments: gateways.payments, jobs, log });
  return new PaymentsService({ db, lifecycle, limiter, log, disputes });
}

function reconciliationService(infra: Infra, payments: PaymentsService): ReconciliationService {
  const { db, gateways, jobs, log, config, now } = infra;
  return new ReconciliationService({
    db,
    providers: gateways.payments,
    payments,
    jobs,
    log,
    timeZone: config.shopTimeZone,
    now,
  });
}

export function createServices(infra: Infra): Services {
  const { config, db, mailer, limiter, sessions, gateways, jobs, lifecycle, log, now } = infra;
  const secret = infra.dataDir.secret;
  const twoFactor = new TwoFactorService({ db, secret, limiter, sessions, now });
  const disputes = new DisputesService({ db, payments: gateways.payments, jobs, log });
  const payments = new PaymentsService({ db, lifecycle, limiter, log, disputes });
  const risk = new RiskService({ db, lifecycle, jobs, limiter, reviewHours: config.riskReviewHours, now });
  return {
    auth: new AuthService({
      db,
      secret,
      mailer,
      limiter,
      sessions,
      twoFactor,
      log,
      publicUrl: config.publicUrl,
      timeZone: config.shopTimeZone,
      now,
    }),
    twoFactor,
    users: new UsersService(db),
    attachments: new AttachmentsService(new UploadStore(infra.dataDir.uploads), limiter),
    products: new ProductsService(db),
    prices: new PricesService(db),
    catalogueSync: new CatalogueSyncService(db, infra.stripeCatalogue, log, (minor, currency) =>
      gateways.payments.priceProblem(minor, currency),
    ),
    faq: new FaqService(db),
    feedback: new FeedbackService({
      db,
      mailer,
      limiter,
      log,
      adminEmail: config.admin.email,
      publicUrl: config.publicUrl,
      timeZone: config.shopTimeZone,
      now,
    }),
    jobs: new JobsService({ db, jobs }),
    orders: new OrdersService({
      db,
      lifecycle,
      risk,
      riskReviewHours: config.riskReviewHours,
      gateways,
      jobs,
      limiter,
      log,
      balanceAlertBelow: config.bigoBalanceAlertBelow,
      timeZone: config.shopTimeZone,
      now,
    }),
    payments,
    fulfilment: new FulfilmentService({
      db,
      lifecycle,
      jobs,
      balanceAlertBelow: config.bigoBalanceAlertBelow,
      disputes,
    }),
    refunds: refundsService(infra),
    disputes,
    reconciliation: reconciliationService(infra, payments),
    rewards: new RewardsService({ db, limiter, now }),
    spins: new SpinsService({ db, limiter }),
    sales: new SalesService({ db, timeZone: config.shopTimeZone, now }),
    risk,
  };
}

/**
 * Every job kind of the server, declared beside the module that queues and handles it. The handler map below must
 * name each exactly once (a compile-time check: JobHandlers), and registerJobs checks at start that no kind declared
 * anywhere (defineJob) is missing from this list.
 */
const JOB_TYPES = [
  deliverOrderJob,
  deliverPrizeJob,
  receiptMailJob,
  orderNoticeMailJob,
  deliverySweepJob,
  signInCodeMailJob,
  accountAttackNoticeJob,
  balanceWarningJob,
  bigoAccessAlertJob,
  deliveryUncertainAlertJob,
  refundOverdueAlertJob,
  extraPaymentAlertJob,
  disputeAlertJob,
  paymentTimeoutJob,
  notificationRetentionJob,
  refundOrderJob,
  extraRefundJob,
  extraPaymentRecordedJob,
  extraPaymentMailJob,
  jobRetentionJob,
  dailyReconciliationJob,
  reconciliationAlertJob,
  riskHoldAlertJob,
  riskReviewMailJob,
] as const;

function jobHandlers(infra: Infra): JobHandlers<typeof JOB_TYPES> {
  const { config, db, mailer, gateways, lifecycle, now } = infra;
  const secret = infra.dataDir.secret;
  const alerts = { mailer, adminEmail: config.admin.email, timeZone: config.shopTimeZone };
  const orderMails = { db, mailer, publicUrl: config.publicUrl, timeZone: config.shopTimeZone };
  const authMails = { db, mailer, secret, publicUrl: config.publicUrl };
  const refunds = { db, lifecycle, gateways, secret, now };
  return {
    'deliver-order': deliverOrderHandler({ db, lifecycle, bigo: gateways.bigo }),
    'deliver-prize': deliverPrizeHandler({ db, bigo: gateways.bigo }),
    'receipt-mail': receiptMailHandler(orderMails),
    'order-notice-mail': orderNoticeMailHandler(orderMails),
    'delivery-sweep': deliverySweepHandler({ db, now }),
    'sign-in-code-mail': signInCodeMailHandler(authMails),
    'account-attack-notice': accountAttackNoticeHandler(authMails),
    'balance-warning': balanceWarningHandler(alerts),
    'bigo-access-alert': bigoAccessAlertHandler(alerts),
    'delivery-uncertain-alert': deliveryUncertainAlertHandler(alerts),
    'refund-overdue-alert': refundOverdueAlertHandler(alerts),
    'extra-payment-alert': extraPaymentAlertHandler(alerts),
    'dispute-alert': disputeAlertHandler(alerts),
    'payment-timeout': paymentTimeoutHandler({ db, lifecycle, gateways, now }),
    'notification-retention': notificationRetentionHandler({ db, now }),
    'refund-order': refundOrderHandler(refunds),
    'refund-extra-payment': extraRefundHandler(refunds),
    'extra-payment-recorded': extraPaymentRecordedHandler({ db, gateways, refunds: refundsService(infra) }),
    'extra-payment-mail': extraPaymentMailHandler(orderMails),
    'job-retention': jobRetentionHandler({ db, now }),
    'reconciliation-daily': dailyReconciliationHandler({
      reconciliation: reconciliationService(infra, paymentsService(infra)),
      timeZone: config.shopTimeZone,
      now,
    }),
    'reconciliation-alert': reconciliationAlertHandler({
      mailer,
      adminEmail: config.admin.email,
      publicUrl: config.publicUrl,
    }),
    'risk-review-mail': riskReviewMailHandler({ db, mailer, publicUrl: config.publicUrl }),
    'risk-hold-alert': riskHoldAlertHandler({
      db,
      mailer,
      adminEmail: config.admin.email,
      publicUrl: config.publicUrl,
    }),
  };
}

/**
 * Registers the handler of every job kind (JOB_TYPES, each declared once with its payload schema, attempts and lease
 * beside the module that queues it) and queues the jobs that exist once for the whole site.
 */
export async function registerJobs(infra: Infra): Promise<void> {
  const { db, jobs, now } = infra;
  const handlers: Record<string, JobHandler<never>> = jobHandlers(infra);
  for (const type of JOB_TYPES) jobs.handle(type as JobType<JobPayload>, handlers[type.kind] as JobHandler);
  // One of each recurring job for every process on the database; a live one is left as it is, so restarts do
  // not delay it. The retention jobs first run 5 minutes after the first start, then hourly.
  const soon = { runAt: new Date(now().getTime() + DELIVERY_SWEEP_INTERVAL_MS) };
  await jobs.enqueue(db, jobRetentionJob.of({}, soon));
  await jobs.enqueue(db, notificationRetentionJob.of({}, soon));
  await jobs.enqueue(
    db,
    deliverySweepJob.of({}, { runAt: new Date(now().getTime() + DELIVERY_SWEEP_INTERVAL_MS) }),
  );
  // Issue #28: the day before is reconciled each morning at RECONCILIATION_HOUR, shop time.
  await jobs.enqueue(
    db,
    dailyReconciliationJob.of(
      {},
      { runAt: nextMorning(now(), infra.config.shopTimeZone, RECONCILIATION_HOUR) },
    ),
  );
}

/**
 * The kinds some module declared (defineJob) that JOB_TYPES leaves out, so no worker would ever run them. Checked by
 * composition.test.ts with every module imported; not at start, where a test's own job kinds share the registry.
 */
export function jobKindsWithoutHandler(): string[] {
  return [...definedJobKinds()].filter((kind) => !JOB_TYPES.some((t) => t.kind === kind));
}

/**
 * The subscribers to the order's life (order-lifecycle/order-events.ts), of every module, in the order they run. The
 * risk rules (issue #29) run before fulfilment: a paid order they hold is not given its delivery job. The Sales
 * view's kept days (issue #28) hear of every move last.
 */
export function orderLifecycle(
  config: Pick<Config, 'riskHoldAlertHours' | 'riskReviewHours' | 'shopTimeZone' | 'providers'>,
  now: () => Date = () => new Date(),
): OrderLifecycle {
  const lifecycle: OrderLifecycle = new OrderLifecycle(
    new OrderSubscribers([
      // Issue #30: how it was paid against the channel chosen, noted before anything reacts to the payment.
      channelMismatchSubscriber(config.providers),
      ...rewardsSubscribers,
      ...riskSubscribers({
        holdAlertHours: config.riskHoldAlertHours,
        reviewHours: config.riskReviewHours,
        now,
        // Issue #29: a refusal moves the order on (7 → 11) through this same lifecycle.
        move: (tx, move) => lifecycle.move(tx, move),
      }),
      ...fulfilmentSubscribers,
      ...refundsSubscribers,
      salesDaysSubscriber({ timeZone: config.shopTimeZone, now }),
    ]),
  );
  return lifecycle;
}
