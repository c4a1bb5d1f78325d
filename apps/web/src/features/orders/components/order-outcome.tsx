import {
  isDeliveryLate,
  orderOutcome,
  orderOutcomeText,
  type TDeliveryFacts,
  type TOrderOutcomeText,
  type TOrderTone,
} from '@ezrecharge/shared/order-outcome';
import { SUPPORT_CONTACT_TEXTS, supportLines } from '@ezrecharge/shared/support-contact';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CheckCircleIcon,
  ClockCircleIcon,
  ErrorCircleIcon,
  ExclamationCircleIcon,
  MinusCircleIcon,
} from '../../../components/ui/icons';
import { currentLanguage } from '../../../lib/i18n';

/**
 * What an order's status means to its buyer, as the shared mapping words it (packages/shared order-outcome.ts, the
 * same words as the order e-mails): a headline with an icon of its tone, what happens next, what to do, and the
 * support channels and hours where the buyer should contact us. Only delivered diamonds get the success tick.
 */

/** Each tone's icon; `data-icon` names its shape (the journeys check that only delivered diamonds get the tick). */
const TONE_ICONS: Record<TOrderTone, ReactNode> = {
  success: <CheckCircleIcon className="order-result__icon" data-icon="check-circle" />,
  progress: <ClockCircleIcon className="order-result__icon" data-icon="clock-circle" />,
  attention: <ExclamationCircleIcon className="order-result__icon" data-icon="exclamation-circle" />,
  failed: <ErrorCircleIcon className="order-result__icon" data-icon="close-circle" />,
  closed: <MinusCircleIcon className="order-result__icon" data-icon="minus-circle" />,
};

/**
 * An order as its outcome is told (its status and paid time), at `now`: the time of the latest answer. The page asks
 * every few seconds while the order moves, so a delivery turns late even when the order itself does not change.
 */
interface TOutcomeProps {
  order: TDeliveryFacts;
  now: number;
}

/**
 * The texts in the active language; re-rendered when the language changes. A delivery past its promised time
 * (`late`: the shared rule isDeliveryLate, issue #32) keeps its status' tone and to-do, and says it is taking longer
 * and what happens next, in the page's own words (orders.json `result.late`); an order held for review (issue #29)
 * says so and how long checking usually takes (`result.review`).
 */
function useOutcome({ order, now }: TOutcomeProps) {
  const { t } = useTranslation('orders');
  const lang = currentLanguage();
  // Issue #29: held for review, how long it usually takes (orders.json `result.review`).
  const text = order.review_hours
    ? (t('result.review', { returnObjects: true, hours: order.review_hours }) as TOrderOutcomeText)
    : isDeliveryLate(order, now)
      ? (t('result.late', { returnObjects: true }) as TOrderOutcomeText)
      : orderOutcomeText(order.order_status, lang);
  return { lang, outcome: orderOutcome(order.order_status), text };
}

/** The headline of the order's outcome with its tone's icon; `level` 1 on the result page, 2 under the lookup. */
export function OrderOutcomeHead({ level, ...props }: TOutcomeProps & { level: 1 | 2 }) {
  const { outcome, text } = useOutcome(props);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={`order-result__head is-${outcome.tone}`} data-tone={outcome.tone}>
      {TONE_ICONS[outcome.tone]}
      <Heading className="order-result__title">{text.headline}</Heading>
    </div>
  );
}

/** The WhatsApp chat opens in a new tab (and says so to screen readers); an e-mail address opens the mail app. */
function ContactLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation('orders');
  if (!/^https?:/.test(href)) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('result.opensInNewTab')}</span>
    </a>
  );
}

/**
 * What happens next and what to do; with the support channels and hours when the buyer should contact us, under a
 * heading one level below the outcome's (`level`, as OrderOutcomeHead's).
 */
export function OrderOutcomeSteps({
  orderNum,
  level,
  ...props
}: TOutcomeProps & { orderNum: string; level: 1 | 2 }) {
  const { t } = useTranslation('orders');
  const { lang, outcome, text } = useOutcome(props);
  const support = SUPPORT_CONTACT_TEXTS[lang];
  const supportId = useId();
  const Heading = level === 1 ? 'h2' : 'h3';
  return (
    <div className="order-outcome">
      <p className="order-outcome__step">
        <strong>{t('result.next')}</strong> {text.next}
      </p>
      <p className="order-outcome__step">
        <strong>{t('result.todo')}</strong> {text.todo}
      </p>
      {outcome.todo === 'contact_support' && (
        <section className="order-outcome__support" aria-labelledby={supportId}>
          <Heading id={supportId} className="order-outcome__support-title">
            {support.heading}
          </Heading>
          <dl className="order-outcome__contact">
            {supportLines(lang).map(({ label, value, href }) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{href ? <ContactLink href={href}>{value}</ContactLink> : value}</dd>
              </div>
            ))}
          </dl>
          <p className="order-outcome__quote">
            {support.quote}
            {support.sep}
            <span className="order-details__mono">{orderNum}</span>
          </p>
        </section>
      )}
    </div>
  );
}
