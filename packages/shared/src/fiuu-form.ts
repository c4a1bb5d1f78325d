// Without zod: the recharge page's first load posts this form (schemas/orders.ts re-exports it).

/** What the form needs of a `form` hand-off (schemas/orders.ts TFiuuHandoff). */
interface TFiuuFormSource {
  amount: string;
  order_num: string;
  vcode: string;
  currency: string;
  return_url: string;
  bill_email: string;
  bill_name: string;
  bill_desc: string;
  bill_mobile: string;
  guest_checkout: string;
  langcode: string;
  channel?: string | undefined;
}

/**
 * The Fiuu hosted form's fields, in the order SPEC.md §7 lists them, then the ones Fiuu's spec adds (bill_mobile,
 * guest_checkout, langcode), from a `form` hand-off.
 */
export function fiuuFormFields<T extends TFiuuFormSource>(h: T): Record<string, string> {
  return {
    amount: h.amount,
    orderid: h.order_num,
    vcode: h.vcode,
    currency: h.currency,
    returnurl: h.return_url,
    bill_email: h.bill_email,
    bill_name: h.bill_name,
    bill_desc: h.bill_desc,
    bill_mobile: h.bill_mobile,
    guest_checkout: h.guest_checkout,
    langcode: h.langcode,
    // Issue #30: the channel chosen on our page (spec v13.86 request parameter `channel`); absent: Fiuu's page chooses.
    ...(h.channel ? { channel: h.channel } : {}),
  };
}
