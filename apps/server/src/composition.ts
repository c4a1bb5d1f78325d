import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { GatewaySettings, Gateways, PaymentProviders, StripeCatalogue } from './gateways';
import type { AuthGuards, Sessions } from './infra/auth';
import type { DataDir } from './infra/data-dir';
import type { Db } from './infra/db';
import { type JobQueue, jobRetentionHandler, jobRetentionJob } from './infra/jobs';
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
import { FaqService } from './modules/faq/faq-service';
import { FeedbackService } from './modules/feedback/feedback-service';
import {
  DELIVERY_SWEEP_INTERVAL_MS,
  deliverOrderHandler,
  deliverySweepHandler,
} from './modules/fulfilment/delivery-job';
import { deliverySweepJob, receiptMailJob } from './modules/fulfilment/fulfilment-jobs';
import { FulfilmentService } from './modules/fulfilment/fulfilment-service';
import {
  extraPaymentMailHandler,
  orderNoticeMailHandler,
  receiptMailHandler,
} from './modules/fulfilment/mail-jobs';
import { deliverPrizeHandler } from './modules/fulfilment/prize-delivery-job';
import { JobsService } from './modules/jobs/jobs-service';
import { deliverOrderJob, extraPaymentJob } from './modules/order-lifecycle/lifecycle-jobs';
import { extraPaymentMailJob, orderNoticeMailJob } from './modules/order-lifecycle/order-notices';
import { OrdersService } from './modules/orders/orders-service';
import { notificationRetentionHandler } from './modules/payments/notification-retention';
import { notificationRetentionJob, paymentTimeoutJob } from './modules/payments/payment-jobs';
import { paymentTimeoutHandler } from './modules/payments/payment-timeout';
import { PaymentsService } from './modules/payments/payments-service';
import { extraPaymentRecordedHandler, extraRefundHandler } from './modules/refunds/extra-refund-job';
import { refundOrderHandler } from './modules/refunds/refund-job';
import { extraRefundJob, refundOrderJob } from './modules/refunds/refunds-common';
import { RefundsService } from './modules/refunds/refunds-service';
import { RewardsService } from './modules/rewards/rewards-service';
import { deliverPrizeJob } from './modules/rewards/spins-jobs';
import { SpinsService } from './modules/rewards/spins-service';
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
  rewards: RewardsService;
  spins: SpinsService;
}

/** What a route plugin receives: the services it maps HTTP to, and the request-level pieces routes need. */
export interface RouteDeps {
  services: Services;
  guards: AuthGuards;
  sessions: Sessions;
  /** The payment providers: each declares the endpoints it is called at. */
  payments: PaymentProviders;
}

function refundsService(infra: Infra): RefundsService {
  const { db, jobs, log, gateways, config } = infra;
  return new RefundsService({
    db,
    jobs,
    log,
    payments: gateways.payments,
    secret: infra.dataDir.secret,
    extraPaymentRefund: config.extraPaymentRefund,
  });
}

export function createServices(infra: Infra): Services {
  const { config, db, mailer, limiter, sessions, gateways, jobs, log, now } = infra;
  const secret = infra.dataDir.secret;
  const twoFactor = new TwoFactorService({ db, secret, limiter, sessions, now });
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
      now,
    }),
    twoFactor,
    users: new UsersService(db),
    attachments: new AttachmentsService(new UploadStore(infra.dataDir.uploads), limiter),
    products: new ProductsService(db),
    prices: new PricesService(db),
    catalogueSync: new CatalogueSyncService(db, infra.stripeCatalogue, log),
    faq: new FaqService(db),
    feedback: new FeedbackService({
      db,
      mailer,
      limiter,
      log,
      adminEmail: config.admin.email,
      publicUrl: config.publicUrl,
      now,
    }),
    jobs: new JobsService({ db, jobs }),
    orders: new OrdersService({
      db,
      gateways,
      jobs,
      limiter,
      log,
      balanceAlertBelow: config.bigoBalanceAlertBelow,
      now,
    }),
    payments: new PaymentsService({ db, limiter, log }),
    fulfilment: new FulfilmentService({ db, jobs, balanceAlertBelow: config.bigoBalanceAlertBelow }),
    refunds: refundsService(infra),
    rewards: new RewardsService({ db, limiter, now }),
    spins: new SpinsService({ db, limiter }),
  };
}

/**
 * Registers the handler of every job kind (each declared once, with its payload schema, attempts and lease, beside
 * the module that queues it) and queues the jobs that exist once for the whole site.
 */
export async function registerJobs(infra: Infra): Promise<void> {
  const { config, db, mailer, gateways, jobs, now } = infra;
  const alerts = { mailer, adminEmail: config.admin.email };
  jobs.handle(deliverOrderJob, deliverOrderHandler({ db, bigo: gateways.bigo }));
  jobs.handle(deliverPrizeJob, deliverPrizeHandler({ db, bigo: gateways.bigo }));
  const orderMails = { db, mailer, publicUrl: config.publicUrl };
  jobs.handle(receiptMailJob, receiptMailHandler(orderMails));
  jobs.handle(orderNoticeMailJob, orderNoticeMailHandler(orderMails));
  jobs.handle(deliverySweepJob, deliverySweepHandler({ db, now }));
  const authMails = { db, mailer, secret: infra.dataDir.secret, publicUrl: config.publicUrl };
  jobs.handle(signInCodeMailJob, signInCodeMailHandler(authMails));
  jobs.handle(accountAttackNoticeJob, accountAttackNoticeHandler(authMails));
  jobs.handle(balanceWarningJob, balanceWarningHandler(alerts));
  jobs.handle(bigoAccessAlertJob, bigoAccessAlertHandler(alerts));
  jobs.handle(paymentTimeoutJob, paymentTimeoutHandler({ db, gateways, now }));
  const refunds = { db, gateways, secret: infra.dataDir.secret, now };
  jobs.handle(refundOrderJob, refundOrderHandler(refunds));
  jobs.handle(extraRefundJob, extraRefundHandler(refunds));
  jobs.handle(extraPaymentJob, extraPaymentRecordedHandler({ db, gateways, refunds: refundsService(infra) }));
  jobs.handle(extraPaymentMailJob, extraPaymentMailHandler(orderMails));
  jobs.handle(deliveryUncertainAlertJob, deliveryUncertainAlertHandler(alerts));
  jobs.handle(refundOverdueAlertJob, refundOverdueAlertHandler(alerts));
  jobs.handle(extraPaymentAlertJob, extraPaymentAlertHandler(alerts));
  jobs.handle(jobRetentionJob, jobRetentionHandler({ db, now }));
  jobs.handle(notificationRetentionJob, notificationRetentionHandler({ db, now }));
  // One of each recurring job for every process on the database; a live one is left as it is, so restarts do
  // not delay it. The retention jobs first run 5 minutes after the first start, then hourly.
  const soon = { runAt: new Date(now().getTime() + DELIVERY_SWEEP_INTERVAL_MS) };
  await jobs.enqueue(db, jobRetentionJob.of({}, soon));
  await jobs.enqueue(db, notificationRetentionJob.of({}, soon));
  await jobs.enqueue(
    db,
    deliverySweepJob.of({}, { runAt: new Date(now().getTime() + DELIVERY_SWEEP_INTERVAL_MS) }),
  );
}
