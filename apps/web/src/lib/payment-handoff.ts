import { fiuuFormFields } from '@ezrecharge/shared/fiuu-form';
import type { TFiuuHandoff, TOrderHandoff } from '@ezrecharge/shared/schemas/orders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from './toast';

/**
 * Hands the buyer to the payment gateway (SPEC.md §7 "Payment hand-off"), after an order commit or a Pay Now:
 * - `form` (Fiuu: MYR, CNY, SGD, USD): the browser posts a hidden form with Fiuu's fields to `payment_url`, so the
 *   fields travel as a top-level form post, which Fiuu's hosted page requires (and the CSP's form-action allows);
 * - `redirect` (Stripe Checkout): the server's message is shown, then the browser goes to `payment_url`.
 * Both leave this page; the caller keeps its button disabled so a second click cannot create a second payment. If
 * the page is not left, the buyer is told so and offered the same order's hand-off again, never a new order.
 */

/** Marks the hidden form, so a second hand-off (e.g. after the back button) replaces the first. */
const FORM_ATTRIBUTE = 'data-payment-handoff';

/** Builds the hidden form of a `form` hand-off, attaches it to the page and posts it. Returns the form. */
export function postPaymentForm(handoff: TFiuuHandoff): HTMLFormElement {
  for (const old of document.querySelectorAll(`form[${FORM_ATTRIBUTE}]`)) old.remove();
  const form = document.createElement('form');
  form.method = 'post';
  form.action = handoff.payment_url;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  form.setAttribute(FORM_ATTRIBUTE, handoff.order_num);
  for (const [name, value] of Object.entries(fiuuFormFields(handoff))) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  // submit(), not requestSubmit(): no submit event for page scripts to cancel, no constraint validation.
  form.submit();
  return form;
}

/**
 * How long the page waits for the browser to leave it after a hand-off before telling the buyer it has not (issue
 * #13). A gateway's page normally replaces ours within a second or two; a form the browser refused (a CSP
 * `form-action` without the gateway's origin) or a gateway that does not answer would otherwise leave the buyer
 * watching a spinner, with the order already made.
 */
export const HANDOFF_STALL_MS = 8_000;

/**
 * Performs a hand-off. `message` is the server's answer (MSG.order_created), already in the active language
 * before a redirect; a form post shows nothing, since the gateway's page replaces this one at once.
 *
 * `onStalled` is called if the page is still here HANDOFF_STALL_MS later, or at once when the browser refuses to
 * post the form (a `form-action` violation). Leaving the page (pagehide, also into the back-forward cache) ends the
 * watch, as does the function returned.
 */
export function startPaymentHandoff(
  handoff: TOrderHandoff,
  message: string,
  onStalled: () => void,
): () => void {
  let timer = 0;
  const stop = (): void => {
    window.clearTimeout(timer);
    window.removeEventListener('pagehide', stop);
    document.removeEventListener('securitypolicyviolation', onViolation);
  };
  const stall = (): void => {
    stop();
    onStalled();
  };
  function onViolation(event: Event): void {
    if ((event as SecurityPolicyViolationEvent).effectiveDirective === 'form-action') stall();
  }
  timer = window.setTimeout(stall, HANDOFF_STALL_MS);
  window.addEventListener('pagehide', stop);
  document.addEventListener('securitypolicyviolation', onViolation);

  if (handoff.method === 'form') {
    postPaymentForm(handoff);
  } else {
    if (message) toast.success(message);
    window.location.assign(handoff.payment_url);
  }
  return stop;
}

export interface TPaymentHandoff {
  /** The order whose hand-off the page is waiting to leave for (not yet stalled), or null. */
  leaving: string | null;
  /** The hand-off the browser has not followed in time (see startPaymentHandoff), or null. */
  stalled: TOrderHandoff | null;
  /** Hands the buyer to the gateway and watches that the page is left. */
  start: (handoff: TOrderHandoff, message: string) => void;
}

/**
 * A screen's payment hand-off: what startPaymentHandoff does, with its state for the screen to show (a button
 * spinning while leaving; PaymentStalled once the hand-off stalled). Back from the gateway through the browser's
 * history (a page restored from the back-forward cache), the screen is usable again.
 */
export function usePaymentHandoff(): TPaymentHandoff {
  const [state, setState] = useState<{ handoff: TOrderHandoff; stalled: boolean } | null>(null);
  const stopWatch = useRef<(() => void) | null>(null);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent): void => {
      if (event.persisted) setState(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      stopWatch.current?.();
    };
  }, []);

  const start = useCallback((handoff: TOrderHandoff, message: string): void => {
    stopWatch.current?.();
    setState({ handoff, stalled: false });
    stopWatch.current = startPaymentHandoff(handoff, message, () =>
      setState((current) => (current?.handoff === handoff ? { handoff, stalled: true } : current)),
    );
  }, []);

  return {
    leaving: state && !state.stalled ? state.handoff.order_num : null,
    stalled: state?.stalled ? state.handoff : null,
    start,
  };
}
