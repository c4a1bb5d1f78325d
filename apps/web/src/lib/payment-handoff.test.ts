import type { TOrderHandoff } from '@ezrecharge/shared/schemas/orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANDOFF_STALL_MS, startPaymentHandoff } from './payment-handoff';

const REDIRECT: TOrderHandoff = {
  method: 'redirect',
  order_num: 'EZ7K3M9QHX4TWB2NCR8PDFVG',
  order_status: 3,
  payment_url: 'https://pay.example/checkout/cs_1',
};

const FORM: TOrderHandoff = {
  method: 'form',
  order_num: 'EZ7K3M9QHX4TWB2NCR8PDFVG',
  order_status: 3,
  payment_url: 'https://pay.example/RMS/pay/shop/',
  vcode: 'abc',
  return_url: 'https://shop.example/api/v1/payment/fiuu/return',
  amount: '5.00',
  currency: 'SGD',
  bill_email: 'buyer@example.com',
  bill_name: 'guest',
  bill_desc: '200 BIGO LIVE diamonds',
  bill_mobile: '',
  guest_checkout: '1',
  langcode: 'en',
};

/** A CSP violation report as the browser fires it at the document. */
function violation(directive: string): Event {
  return Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: directive });
}

describe('watching that the payment hand-off leaves the page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom can neither navigate nor post a form: the browser's part is stood in for.
    const { href, origin } = window.location;
    vi.stubGlobal('location', { href, origin, assign: vi.fn() });
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    for (const node of document.querySelectorAll('form[data-payment-handoff]')) node.remove();
  });

  it('says the page is still here once HANDOFF_STALL_MS passed, not before', () => {
    const stalled = vi.fn();
    startPaymentHandoff(REDIRECT, '', stalled);
    expect(window.location.assign).toHaveBeenCalledWith(REDIRECT.payment_url);
    vi.advanceTimersByTime(HANDOFF_STALL_MS - 1);
    expect(stalled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stalled).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(HANDOFF_STALL_MS * 3);
    expect(stalled).toHaveBeenCalledTimes(1);
  });

  it('says nothing once the page is left, or the watch stopped', () => {
    const left = vi.fn();
    startPaymentHandoff(FORM, '', left);
    window.dispatchEvent(new Event('pagehide'));
    const stopped = vi.fn();
    startPaymentHandoff(REDIRECT, '', stopped)();
    vi.advanceTimersByTime(HANDOFF_STALL_MS * 2);
    expect(left).not.toHaveBeenCalled();
    expect(stopped).not.toHaveBeenCalled();
  });

  it('says so at once when the browser refuses to post the form (CSP form-action), only then', () => {
    const stalled = vi.fn();
    startPaymentHandoff(FORM, '', stalled);
    document.dispatchEvent(violation('img-src'));
    expect(stalled).not.toHaveBeenCalled();
    document.dispatchEvent(violation('form-action'));
    expect(stalled).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(HANDOFF_STALL_MS);
    expect(stalled).toHaveBeenCalledTimes(1);
  });
});
