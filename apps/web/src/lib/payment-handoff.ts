import { fiuuFormFields, type TFiuuHandoff, type TOrderHandoff } from '@ezrecharge/shared/schemas/orders';
import { toast } from './toast';

/**
 * Hands the buyer to the payment gateway (SPEC.md §7 "Payment hand-off"), after an order commit or a Pay Now:
 * - `form` (Fiuu: MYR, CNY, SGD, USD): the browser posts a hidden form with Fiuu's fields to `payment_url`, so the
 *   fields travel as a top-level form post, which Fiuu's hosted page requires (and the CSP's form-action allows);
 * - `redirect` (Stripe Checkout): the server's message is shown, then the browser goes to `payment_url`.
 * Both leave this page; the caller keeps its button disabled so a second click cannot create a second payment.
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
 * Performs a hand-off. `message` is the server's answer (MSG.order_created), already in the active language
 * before a redirect; a form post shows nothing, since the gateway's page replaces this one at once.
 */
export function startPaymentHandoff(handoff: TOrderHandoff, message: string): void {
  if (handoff.method === 'form') {
    postPaymentForm(handoff);
    return;
  }
  if (message) toast.success(message);
  window.location.assign(handoff.payment_url);
}
