/** Business constants and limits of SPEC.md §9, in one place for both apps. */

// Paging
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 100;

// HTTP and session
export const REQUEST_TIMEOUT_MS = 60_000;
/** Access cookie lifetime and server session expiry. */
export const SESSION_DAYS = 10;

// E-mailed codes (DESIGN.md §9): how long one works, and how soon another can be asked for
export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_RESEND_SECONDS = 60;

// UI
export const TOAST_DURATION_MS = 2_000;
export const TOAST_WIDTH = 300;
export const ERROR_TOAST_WIDTH = 500;
export const POPUP_WIDTH = 500;
export const SIDEBAR_BREAKPOINT_PX = 1200;
export const CAROUSEL_INTERVAL_MS = 5_000;
export const COOKIE_ACCEPTED_VALUE = '30';
/** Product and price select caches in local storage. */
export const SELECT_CACHE_MS = 300_000;

// Orders
export const GAME_TYPE = 1;
export const MAX_ORDER_DIAMONDS = 100_000;
export const FIRE_ICON_MIN_DIAMONDS = 40_000;
/**
 * Issue #32: the delivery time the result page promises a paid order ("usually within two minutes"), counted from
 * its payment (paid_at); past it the buyer is told the delivery is taking longer (order-outcome.ts).
 */
export const DELIVERY_PROMISE_MINUTES = 2;
/**
 * Issue #32: a paid order not delivered this long after its payment is in the operator's "deliveries late" queue
 * (the overview's card, the order list's `attention=delivery_late`): longer than the buyer's promise, so the
 * queue holds only deliveries that are stuck, not ones a moment slow.
 */
export const DELIVERY_LATE_MINUTES = 5;

// Text limits
export const TEXT_LIMITS = {
  comment: 250,
  nameShort: 64,
  nameLong: 128,
  usernameMin: 6,
  usernameMax: 64,
  passwordMin: 6,
  passwordMax: 32,
  nicknameProfile: 32,
  nicknameAdmin: 64,
  emailProfile: 64,
  emailLong: 128,
  productName: 64,
  faqModule: 64,
  faqText: 256,
} as const;

// Uploads (DESIGN.md §9)
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** JSON and form bodies; uploads have their own limit. */
export const MAX_BODY_BYTES = 1024 * 1024;
