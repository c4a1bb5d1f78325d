import {
  channelLimitBreach,
  findUnsafeText,
  formatMinor,
  GAME_TYPE,
  isCurrency,
  isEventTimeFresh,
  isMessageKey,
  isPayable,
  MAX_ORDER_DIAMONDS,
  MSG,
  ORDER_STATUS,
  orderNote,
  orderNoteText,
  pageWindow,
  type TLanguage,
  type TOrder,
  type TOrderCommit,
  type TOrderCommitPayload,
  type TOrderEvent,
  type TOrderHandoff,
  type TOrderListQuery,
  type TOrderLookup,
  type TPage,
  type TPageQuery,
  toPage,
  WIRE_CONTEXT,
  ZOrderCommitPayload,
  ZOrderEmail,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { BigoDenied, BigoPrecheckOutcome, Gateways } from '../../gateways/ports';
import { type AuditActor, auditChange } from '../../infra/audit';
import type { SessionUser } from '../../infra/auth';
import type { Db } from '../../infra/db';
import { foreignKeyViolation } from '../../infra/db-errors';
import { AppError } from '../../infra/http';
import { unsafeText } from '../../infra/input-hygiene';
import { enqueueJob, type JobQueue } from '../../infra/jobs';
import { countFailure, enforce, ensureBelow, type RateLimiter } from '../../infra/rate-limit';
import { shopSecondsFormatter } from '../../infra/shop-time';
import { decryptWireJson } from '../../infra/wire-crypto';
import { balanceWarning, bigoAccessAlert } from '../alerts/alert-jobs';
import { createOrder, type NewOrder, type OrderStep } from '../order-lifecycle/order-creation';
import { heldOrderIds } from '../order-lifecycle/order-holds';
import type { OrderLifecycle } from '../order-lifecycle/order-lifecycle';
import {
  apiOrderOf,
  bonusesOfOrders,
  findOrder,
  type OrderRow,
  operatorViewsOf,
  toApiEvent,
  toApiOrder,
} from '../order-lifecycle/order-row';
import { PaymentHandoff } from '../payments/payment-handoff';
import { PAYMENT_TIMEOUT_MS, paymentTimeoutJob } from '../payments/payment-jobs';
import {
  type CommitDecision,
  codeRefusal,
  decideAtCommit,
  grantsOf,
  type OrderFacts,
  recordCommitGrants,
  welcomeOnOffer,
} from '../rewards/rewards-grants';
import type { RiskService } from '../risk/risk-service';
import { collapseRepeatedEvents } from './order-history';
import {
  ORDER_COMMIT_PER_IP,
  ORDER_LOOKUP_FAILURES,
  ORDER_LOOKUP_PER_IP,
  ORDER_MESSAGES,
  ORDER_READ_PER_IP,
} from './orders-common';
import { orderCsv } from './orders-export';
import {
  eventsOfOrder,
  findOrderByNumAndEmail,
  findPriceForOrder,
  listOrders,
  type OrderFilter,
  type PriceForOrder,
} from './orders-repository';

/** Who places or reads an order: the signed-in account (if any), the client address and the page language. */
export interface Caller {
  user: SessionUser | null;
  ip: string;
  lang: 'en' | 'zh';
  /** The browser's User-Agent, kept with a new order as evidence should its payment be disputed (issue #28). */
  userAgent?: string | undefined;
  /** Issue #29: the browser's first-party id (infra/browser-id.ts), where the request comes from our storefront. */
  browserId?: string | undefined;
}

/** At most this much of a User-Agent is kept (real ones are a few hundred characters). */
const USER_AGENT_MAX = 512;

/** A User-Agent as an order keeps it: one line, bounded; null when the browser sent none. */
function keptUserAgent(value: string | undefined): string | null {
  const line = value
    ?.replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, USER_AGENT_MAX);
  return line ? line : null;
}

export interface OrdersServiceDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  /** Issue #29: the risk rules at commit (blocklist, card testing); nothing is stored when they refuse. */
  risk: RiskService;
  /** Issue #29 RISK_REVIEW_HOURS: told with an order held for review. */
  riskReviewHours: number;
  gateways: Gateways;
  jobs: JobQueue;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** BIGO_BALANCE_ALERT_BELOW: a precheck balance below it warns the operator (0 or unset = off). */
  balanceAlertBelow?: number;
  /** SHOP_TIME_ZONE: the export's times are the shop's. */
  timeZone: string;
  now?: () => Date;
}

/** SPEC.md §5 checks these in this order; the first failing one is the message the buyer sees. */
const FIELD_ORDER = ['pay_currency', 'price_id', 'quantity', 'amount_game', 'game_id', 'email'];

/**
 * Field errors of a decrypted payload. Every message is a shared one (the payment_*_tips of SPEC.md §5 where the
 * schema names one); anything the form cannot have produced (extra keys, a wrong game type) is "could not read".
 */
function payloadErrors(value: unknown): {
  payload: TOrderCommitPayload | null;
  errors: Record<string, string>;
} {
  // The encrypted payload was opaque to the input-hygiene hook: its text is checked here, once readable.
  const unsafe = findUnsafeText(value);
  if (unsafe !== undefined) throw unsafeText(unsafe || 'data');
  const parsed = ZOrderCommitPayload.safeParse(value);
  if (parsed.success) return { payload: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field === '') throw AppError.badRequest(ORDER_MESSAGES.payloadInvalid);
    const fallback = field === 'amount' ? ORDER_MESSAGES.amountMismatch : ORDER_MESSAGES.payloadInvalid;
    errors[field] ??= isMessageKey(issue.message) ? issue.message : fallback;
  }
  return { payload: null, errors };
}

/** A typed code that does not apply: 400 with its reason on `promo_code`; nothing is stored. */
function refuseCode(decision: CommitDecision): void {
  const refusal = codeRefusal(decision);
  if (refusal) throw AppError.badRequest(refusal.reason, { promo_code: refusal.reason });
}

/** The field errors as one 400: the message is the first failing check in SPEC.md's order. */
function fieldError(errors: Record<string, string>): AppError {
  const fields = Object.keys(errors).sort((a, b) => {
    const rank = (f: string) => (FIELD_ORDER.includes(f) ? FIELD_ORDER.indexOf(f) : FIELD_ORDER.length);
    return rank(a) - rank(b);
  });
  const first = fields[0];
  return AppError.badRequest((first && errors[first]) || ORDER_MESSAGES.payloadInvalid, errors);
}

/**
 * Orders (SPEC.md §2–§7, DESIGN.md §4–§7): the commit of the recharge pages, Pay Now, the order list, the result
 * page's read and the lookup by e-mail. Amounts are never taken from the client: the price comes from the
 * database and the client's figures only have to agree with it.
 */
export class OrdersService {
  private readonly now: () => Date;
  private readonly handoff: PaymentHandoff;

  constructor(private readonly deps: OrdersServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.handoff = new PaymentHandoff({
      db: deps.db,
      lifecycle: deps.lifecycle,
      gateways: deps.gateways,
      jobs: deps.jobs,
      log: deps.log,
      now: this.now,
    });
  }

  /**
   * POST /order/, in its steps: the request read (decrypted, validated, the buyer's e-mail), the price it is placed
   * with (recomputed from the database), a promo code that cannot apply refused, BIGO's precheck, the order stored
   * (with its bonuses), and the buyer handed to the payment provider.
   */
  async commit(input: TOrderCommit, caller: Caller): Promise<TOrderHandoff> {
    await enforce(this.deps.limiter, ORDER_COMMIT_PER_IP, caller.ip);
    const { payload, email } = this.readCommit(input, caller);
    const placed = await this.pricedAt(payload);
    const channel = this.chosenChannel(payload, placed.amount);
    // Issue #29: the risk rules refuse before anything is stored, or mark the order for 3-D Secure.
    const risk = await this.deps.risk.checkCommit(
      { bigoId: payload.game_id, email, ip: caller.ip, browserId: caller.browserId ?? null },
      { amount: placed.amount, currency: placed.price.currency },
    );
    await this.refuseCodeThatCannotApply(payload, placed.facts, caller);
    const precheck = await this.precheckOrRefuse(payload.game_id);
    const actor = caller.user ? `user:${caller.user.id}` : 'visitor';
    const order = await this.insert(payload, placed.price, {
      email,
      amount: placed.amount,
      amountGame: placed.amountGame,
      caller,
      actor,
      precheck,
      facts: placed.facts,
      channel,
      threeDSecure: risk.threeDSecure,
    });
    if (precheck.kind === 'rejected') {
      throw AppError.badRequest(ORDER_MESSAGES.precheckFailed, { game_id: ORDER_MESSAGES.precheckFailed });
    }
    if (order.orderStatus === ORDER_STATUS.PENDING_PAYMENT) return this.handoff.stored(order);
    return this.handoff.handOff(order, actor, order.paymentDeadline ?? undefined);
  }

  /**
   * The commit's request as the form sent it: fresh, decrypted, every field valid (SPEC.md §5's order of messages),
   * and the buyer's e-mail: a signed-in buyer's profile e-mail, the body's on the public page only.
   */
  private readCommit(input: TOrderCommit, caller: Caller): { payload: TOrderCommitPayload; email: string } {
    if (!isEventTimeFresh(input.eventtime, this.now())) throw AppError.badRequest(ORDER_MESSAGES.expired);
    let decrypted: unknown;
    try {
      decrypted = decryptWireJson(input.data, input.eventtime, WIRE_CONTEXT.order);
    } catch {
      throw AppError.badRequest(ORDER_MESSAGES.payloadInvalid);
    }
    const { payload, errors } = payloadErrors(decrypted);
    let email = caller.user?.email ?? '';
    if (!caller.user) {
      const parsed = ZOrderEmail.safeParse(input.email);
      if (parsed.success) email = parsed.data;
      else errors.email = MSG.payment_email_tips;
    }
    if (!payload || Object.keys(errors).length > 0) throw fieldError(errors);
    return { payload, email };
  }

  /**
   * The price the order is placed with, released and in the chosen currency, and its amounts recomputed from it: the
   * client's figures only have to agree (DESIGN.md §5), and the diamonds stay within the per-order cap.
   */
  private async pricedAt(payload: TOrderCommitPayload): Promise<{
    price: PriceForOrder;
    amount: number;
    amountGame: number;
    /** The order for the rewards rule (null: a currency the rule cannot read, so no bonus). */
    facts: OrderFacts | null;
  }> {
    const price = await findPriceForOrder(this.deps.db, payload.price_id);
    if (!price?.released || price.currency !== payload.pay_currency) {
      throw AppError.badRequest(ORDER_MESSAGES.priceUnavailable);
    }
    const amount = price.unitAmount * payload.quantity;
    const amountGame = price.gameAmount * payload.quantity;
    if (amount !== payload.amount || amountGame !== payload.amount_game) {
      throw AppError.badRequest(ORDER_MESSAGES.amountMismatch);
    }
    if (amountGame > MAX_ORDER_DIAMONDS) {
      throw AppError.badRequest(MSG.payment_quantity_tips, { quantity: MSG.payment_quantity_tips });
    }
    const facts: OrderFacts | null = isCurrency(price.currency)
      ? { currency: price.currency, productId: price.productId, amount, amountGame }
      : null;
    return { price, amount, amountGame, facts };
  }

  /**
   * Issue #30: the payment channel chosen on the page, as the provider names it, or null when none was chosen (the
   * provider's page chooses). A channel the provider does not offer for the currency, or whose limits the amount is
   * outside of, is refused before BIGO is asked and before anything is stored.
   */
  private chosenChannel(payload: TOrderCommitPayload, amount: number): string | null {
    if (payload.pay_channel === '') return null;
    const wanted = payload.pay_channel.toLowerCase();
    const channel = this.deps.gateways.payments
      .forCurrency(payload.pay_currency)
      .channels(payload.pay_currency)
      .find((c) => c.code.toLowerCase() === wanted);
    if (!channel) {
      throw new AppError(
        'bad_request',
        ORDER_MESSAGES.channelUnavailable,
        `${payload.pay_channel} is not offered for ${payload.pay_currency}`,
      );
    }
    if (channelLimitBreach(channel, amount) !== null) {
      const limit = (minor: number) => formatMinor(minor, payload.pay_currency);
      const range =
        channel.max === null
          ? `at least ${limit(channel.min)}`
          : `${limit(channel.min)} to ${limit(channel.max)}`;
      throw new AppError(
        'bad_request',
        ORDER_MESSAGES.channelLimit,
        `${channel.name} (${channel.code}) takes ${range} ${payload.pay_currency}; the order is ${limit(amount)}`,
      );
    }
    return channel.code;
  }

  /**
   * A promo code that does not apply is refused before BIGO is asked and before anything is stored; the commit's
   * transaction decides again under the promotion's lock (rewards-grants.ts).
   */
  private async refuseCodeThatCannotApply(
    payload: TOrderCommitPayload,
    facts: OrderFacts | null,
    caller: Caller,
  ): Promise<void> {
    if (!payload.promo_code || !facts) return;
    refuseCode(
      await decideAtCommit(this.deps.db, {
        facts,
        buyer: { userId: caller.user?.id ?? null, gameId: payload.game_id },
        promoCode: payload.promo_code,
        now: this.now(),
        lock: false,
      }),
    );
  }

  /**
   * BIGO's answer about the ID: ok or rejected (both stored as the order's start), or the buyer told to try later
   * when BIGO gave none or refused our own access (keys, IP, API switch: that says nothing about the buyer's ID).
   */
  private async precheckOrRefuse(
    bigoId: string,
  ): Promise<Exclude<BigoPrecheckOutcome, { kind: 'unavailable' | 'denied' }>> {
    const precheck = await this.precheck(bigoId);
    if (precheck.kind === 'unavailable' || precheck.kind === 'denied') {
      throw new AppError('service_unavailable', ORDER_MESSAGES.precheckUnavailable);
    }
    return precheck;
  }

  /**
   * A precheck that throws is a bug in the client, but to the buyer it is the same "try again later". A denial
   * queues the operator's access alert (at most one an hour) before the buyer hears "try again later".
   */
  private async precheck(bigoId: string): Promise<BigoPrecheckOutcome> {
    try {
      const outcome = await this.deps.gateways.bigo.precheck(bigoId);
      if (outcome.kind === 'unavailable') {
        this.deps.log.warn({ rescode: outcome.rescode, reason: outcome.reason }, 'bigo precheck unavailable');
      } else if (outcome.kind === 'denied') {
        await this.alertDenied(outcome);
      }
      return outcome;
    } catch (err) {
      this.deps.log.error({ err: (err as Error).message }, 'bigo precheck threw');
      return { kind: 'unavailable', rescode: null, reason: (err as Error).message };
    }
  }

  private async alertDenied(denied: BigoDenied): Promise<void> {
    const log = { rescode: denied.rescode, httpStatus: denied.httpStatus, reason: denied.reason };
    this.deps.log.error(log, 'bigo precheck denied: BIGO refuses our access');
    try {
      await enqueueJob(
        this.deps.db,
        bigoAccessAlert(denied, { call: 'precheck', orderNum: null }, this.now()),
      );
      this.deps.jobs.kick();
    } catch (err) {
      // The buyer's answer does not depend on the alert; the error line above still tells the operator.
      this.deps.log.error({ err: (err as Error).message }, 'bigo access alert could not be queued');
    }
  }

  /**
   * Stores the order in the status the precheck gave it, with its first event. An order that can be paid also
   * gets its deadline and timeout job now, so it ends in 6 even if the hand-off after this never happens.
   *
   * An order of a provider whose hand-off needs no call out (Fiuu: a form built from the order alone) is created
   * already awaiting payment (2 → 3 as part of its creation): nothing can happen between 2 and 3, and one statement
   * instead of two transactions keeps the commit fast (`npm run bench`). Other orders (Stripe) move 2 → 3 once the
   * provider has opened their session.
   */
  private async insert(
    payload: TOrderCommitPayload,
    price: PriceForOrder,
    o: {
      email: string;
      amount: number;
      amountGame: number;
      caller: Caller;
      actor: string;
      precheck: Exclude<BigoPrecheckOutcome, { kind: 'unavailable' | 'denied' }>;
      /** The order for the rewards rule (null: a currency the rule cannot read, so no bonus). */
      facts: OrderFacts | null;
      /** Issue #30: the channel chosen on the page (the provider's code), or null. */
      channel: string | null;
      /** Issue #29: Stripe asks for 3-D Secure. */
      threeDSecure: boolean;
    },
  ): Promise<OrderRow> {
    const ok = o.precheck.kind === 'ok';
    const provider = this.deps.gateways.payments.forCurrency(payload.pay_currency);
    const gateway = provider.id;
    // The reason as a note (issue #32): BIGO's answer in the reader's language, its English in failure_reason.
    const failure = o.precheck.kind === 'rejected' ? (o.precheck.note ?? o.precheck.reason) : null;
    const now = this.now();
    const deadline = ok ? new Date(now.getTime() + PAYMENT_TIMEOUT_MS) : null;
    const balance = o.precheck.kind === 'ok' ? o.precheck.balance : null;
    const detail = { rescode: o.precheck.rescode };
    const path: OrderStep[] = ok
      ? [{ to: ORDER_STATUS.PRECHECK_OK, cause: orderNote('precheck_ok'), actor: o.actor, detail }]
      : [
          {
            to: ORDER_STATUS.PRECHECK_FAILED,
            cause: orderNote('precheck_rejected', { reason: failure ?? '', rescode: o.precheck.rescode }),
            actor: o.actor,
            detail,
          },
        ];
    if (ok && provider.statelessHandoff) {
      path.push({
        to: ORDER_STATUS.PENDING_PAYMENT,
        cause: orderNote('payment_handoff', { gateway }),
        actor: o.actor,
        detail: { gateway, ref: null },
      });
    }
    const warning = balanceWarning(balance, this.deps.balanceAlertBelow ?? 0, now);
    const newOrder = (bonusGame: number): NewOrder => ({
      values: {
        gameType: GAME_TYPE,
        gameId: payload.game_id,
        email: o.email,
        lang: o.caller.lang,
        pageInfo: payload.page_info,
        productId: price.productId,
        productName: price.productName,
        priceId: price.priceId,
        currency: price.currency,
        unitAmount: price.unitAmount,
        gameAmount: price.gameAmount,
        quantity: payload.quantity,
        amount: o.amount,
        amountGame: o.amountGame,
        gateway,
        paymentChannelChoice: o.channel,
        paymentDeadline: deadline,
        precheckRescode: o.precheck.rescode,
        precheckBalance: balance,
        failureReason:
          failure === null ? null : typeof failure === 'string' ? failure : orderNoteText(failure),
        failureNote: failure === null || typeof failure === 'string' ? null : failure,
        createdBy: o.caller.user?.id ?? null,
        clientIp: o.caller.ip,
        browserId: o.caller.browserId ?? null,
        userAgent: keptUserAgent(o.caller.userAgent),
        riskThreeDSecure: o.threeDSecure,
        bonusGame,
      },
      path,
      jobs: (orderNum) => [
        ...(deadline ? [paymentTimeoutJob.of({ order_num: orderNum }, { runAt: deadline })] : []),
        ...(warning ? [warning] : []),
      ],
    });
    try {
      // Bonuses only for an order that can be paid, and only where one may apply: a visitor without a code
      // keeps the one-statement commit (`npm run bench`).
      const user = o.caller.user;
      const mayGrant =
        ok &&
        o.facts !== null &&
        (payload.promo_code !== '' || (user !== null && (await welcomeOnOffer(this.deps.db))));
      if (!mayGrant || !o.facts) return await createOrder(this.deps.db, newOrder(0));
      const facts = o.facts;
      return await this.deps.db.transaction(async (tx) => {
        const decision = await decideAtCommit(tx, {
          facts,
          buyer: { userId: user?.id ?? null, gameId: payload.game_id },
          promoCode: payload.promo_code,
          now,
          lock: true,
        });
        refuseCode(decision);
        const grants = grantsOf(decision);
        const order = await createOrder(tx, newOrder(grants.reduce((sum, g) => sum + g.diamonds, 0)));
        await recordCommitGrants(tx, order, grants, o.actor);
        return order;
      });
    } catch (err) {
      // The price was deleted between the check and the insert.
      if (foreignKeyViolation(err) !== null) throw AppError.badRequest(ORDER_MESSAGES.priceUnavailable);
      throw err;
    }
  }

  /** POST /order/pay: fresh hand-off data for the buyer who placed an order still awaiting payment. */
  async payNow(user: SessionUser, orderNum: string): Promise<TOrderHandoff> {
    const order = await findOrder(this.deps.db, orderNum);
    if (!order) throw AppError.notFound(ORDER_MESSAGES.notFound);
    if (order.createdBy === null || order.createdBy !== user.id)
      throw new AppError('forbidden', ORDER_MESSAGES.notYours);
    if (!isPayable(order.orderStatus)) throw AppError.badRequest(ORDER_MESSAGES.notPayable);
    return this.handoff.handOff(order, `user:${user.id}`);
  }

  /** GET /order/: superusers see every order, everyone else only their own. */
  async list(user: SessionUser, query: TPageQuery & TOrderListQuery): Promise<TPage<TOrder>> {
    const { rows, total } = await listOrders(
      this.deps.db,
      {
        createdBy: user.isSuperuser ? undefined : user.id,
        orderNumPrefix: query.order_num,
        gameId: query.game_id,
        status: query.order_status,
        // The operator's queues are for superusers; anyone else's list ignores the filter.
        attention: user.isSuperuser ? query.attention : undefined,
      },
      pageWindow(query),
    );
    const { payments } = this.deps.gateways;
    const bonuses = await bonusesOfOrders(
      this.deps.db,
      rows.map((row) => row.id),
    );
    const operator = user.isSuperuser
      ? await operatorViewsOf(this.deps.db, rows, (row) => (p) => payments.ofOrder(row).refundBankDetails(p))
      : undefined;
    const held = await heldOrderIds(
      this.deps.db,
      rows.filter((row) => row.orderStatus === ORDER_STATUS.PAYMENT_COMPLETED).map((row) => row.id),
    );
    const items = rows.map((row) =>
      toApiOrder(row, {
        maskEmail: false,
        bonuses: bonuses.get(row.id) ?? [],
        operator: operator?.get(row.id),
        reviewHours: held.has(row.id) ? this.deps.riskReviewHours : null,
      }),
    );
    return toPage(items, total, query);
  }

  /**
   * GET /order/export (superusers): the orders of the list's filters as CSV chunks, read in batches as the response
   * takes them. The export of the buyers' e-mails is audited (who, which filters), as admin changes are: a page of
   * the list shows a few orders, the export hands out all of them.
   */
  async export(
    actor: AuditActor,
    query: TOrderListQuery,
    lang: TLanguage,
  ): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
    const filter: OrderFilter = {
      orderNumPrefix: query.order_num,
      gameId: query.game_id,
      status: query.order_status,
      attention: query.attention,
    };
    await auditChange(this.deps.db, actor, 'order.export', null, { filters: { ...query }, lang });
    // orders-20261121-1803.csv: the shop's minute, as the times inside.
    const minute = shopSecondsFormatter(this.deps.timeZone)(this.now()).slice(0, 16).replace(/[-:]/g, '');
    return {
      filename: `orders-${minute.replace(' ', '-')}.csv`,
      chunks: orderCsv(this.deps.db, filter, { timeZone: this.deps.timeZone, lang }),
    };
  }

  /**
   * GET /order/stripe: the result page's read. The order number is the key (unguessable), so anyone holding it
   * sees the order; the e-mail only its buyer and superusers.
   */
  async read(caller: Caller, orderNum: string): Promise<TOrder> {
    await enforce(this.deps.limiter, ORDER_READ_PER_IP, caller.ip);
    const order = await findOrder(this.deps.db, orderNum);
    if (!order) throw AppError.notFound(ORDER_MESSAGES.notFound);
    const user = caller.user;
    const maySee = user !== null && (user.isSuperuser || order.createdBy === user.id);
    return apiOrderOf(this.deps.db, order, { maskEmail: !maySee, reviewHours: this.deps.riskReviewHours });
  }

  /**
   * POST /order/lookup: the order whose number and e-mail both match, or 404 either way (the answer never tells
   * whether the number exists). Misses count against the address.
   */
  async lookup(input: TOrderLookup, ip: string): Promise<TOrder> {
    await ensureBelow(this.deps.limiter, ORDER_LOOKUP_FAILURES, ip);
    await enforce(this.deps.limiter, ORDER_LOOKUP_PER_IP, ip);
    const order = await findOrderByNumAndEmail(this.deps.db, input.order_num, input.email);
    if (!order) {
      await countFailure(this.deps.limiter, ORDER_LOOKUP_FAILURES, ip);
      throw AppError.notFound(ORDER_MESSAGES.notFound);
    }
    return apiOrderOf(this.deps.db, order, { maskEmail: false, reviewHours: this.deps.riskReviewHours });
  }

  /**
   * GET /order/events: an order's status moves, oldest first (superusers), identical consecutive moves as one row
   * with their count (issue #32: order-history.ts).
   */
  async events(orderNum: string): Promise<TOrderEvent[]> {
    const order = await findOrder(this.deps.db, orderNum);
    if (!order) throw AppError.notFound(ORDER_MESSAGES.notFound);
    return collapseRepeatedEvents((await eventsOfOrder(this.deps.db, order.id)).map(toApiEvent));
  }
}
