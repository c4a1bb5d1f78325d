/**
 * Validation and result messages of SPEC.md §5 and §8, in English, each under a stable key. Code refers to a message
 * by its key only (`MSG.x`, messages.ts): the shared zod schemas report keys as their issue messages, the server turns
 * a key into its English text here and answers both (`message` + `message_key`, `errors` + `error_keys`), and the web
 * shows a key in the active language (`validation:<key>` in locales/{en,zh}, whose English file holds these texts:
 * apps/web/src/lib/antd-form-rules.test.tsx). The web never imports this module, so its pages do not download the
 * English texts twice. No text is ever looked up back to its key.
 * SPEC.md's wording is kept exactly, including its slips ('Must be maximum 8 characters' for a 32-character limit),
 * except for words issue #13 settled for every text a user reads: "BIGO ID" (not "Bigo ID"), and "verification
 * code" where SPEC.md says "captcha" (the API's field names keep `captcha`).
 *
 * Issue #32: where SPEC.md's text says something other than what happened, the message says what happened. The
 * departures from SPEC.md's wording:
 * - profile_nickname_max: "Must be maximum 8 characters" for a 32-character limit → "Nickname must be at most 32
 *   characters";
 * - comment_max: "Your message has less than 250 characters" when it has more → "Your message must be at most 250
 *   characters";
 * - reset_success: "reset password sent to your mailbox" after the new password was set → "Your password has been
 *   reset. Please sign in with your new password.";
 * - user_saved, price_saved: "Profile updated successfully!" after adding or editing a user or a price;
 * - faq_deleted, product_deleted, price_deleted: "User Deleted" after deleting an FAQ entry, a product or a price.
 * user_deleted and profile_saved keep SPEC.md's words where they are true (a user deleted, one's own profile saved).
 */
export const MESSAGES = {
  // Sign-in (SPEC.md §5)
  username_required: 'Username is a required input',
  password_required: 'Password is a required input',
  // Sign-up
  email_invalid: 'Email is not valid',
  email_required: 'Email is a required input',
  captcha_missing: "Please click 'SEND CODE'. The verification code will be sent to your email.",
  terms_required: 'Please accept the terms and conditions to proceed.',
  captcha_needs_email: 'Please enter your email to receive the verification code.',
  captcha_code_format: 'The verification code is 6 digits',
  // Reset password
  reset_email_invalid: 'Must be a valid email',
  reset_email_required: 'Email is required input',
  captcha_code_required: 'Verification code is a required input',
  // Lengths (SPEC.md §9: username 6–64, password 6–32, nickname 64 / 32, e-mail 64)
  username_length: 'Username must be 6 to 64 characters',
  username_chars: 'Username may use letters, digits, dot, dash and underscore only',
  password_length: 'Password must be 6 to 32 characters',
  nickname_required: 'Nickname is required',
  nickname_max_64: 'Nickname must be less than 64 characters',
  profile_nickname_max: 'Nickname must be at most 32 characters',
  email_max_64: 'Email must be less than 64 characters',
  is_superuser_required: 'Please choose whether the user is a superuser',
  // Profile
  profile_email_required: 'Email is required',
  profile_email_invalid: 'Invalid email',
  // Change password
  old_password_required: 'Old password is a required input',
  new_password_required: 'New password is a required input',
  confirm_password_required: 'Confirm password is a required input',
  password_mismatch: 'Oops, The New password must equal with Confirm Password!',
  // Product and price admin (SPEC.md §5)
  product_name_min: 'Name must be at least 1 characters',
  product_name_max: 'Name must be less than 64 characters',
  text_max_256: 'Must be less than 256 characters',
  text_max_2000: 'Must be less than 2000 characters',
  diamonds_required: 'Diamonds is required',
  diamonds_range: 'Diamonds must be a whole number from 1 to 100000',
  price_required: 'Price is required',
  price_positive: 'Price must be a positive amount in cents',
  // A price its gateway cannot charge exactly (money.ts priceProblem): refused rather than rounded.
  price_three_decimal_tens: 'Stripe charges this currency only in steps of 0.010: the last decimal must be 0',
  price_whole_units: 'This currency can only be charged in whole units',
  price_fiuu_two_decimals: 'Fiuu takes at most two decimals in this currency',
  price_not_chargeable: 'No payment gateway of the shop can charge this currency',
  currency_required: 'Currency is required',
  product_required: 'Product is required',
  // FAQ admin (SPEC.md §5)
  module_en_required: 'Module-EN is required',
  module_en_max: 'Module-EN must be less than 64 characters',
  module_zh_required: 'Module-ZH is required',
  module_zh_max: 'Module-ZH must be less than 64 characters',
  question_en_required: 'Question-EN is required',
  question_en_max: 'Question-EN must be less than 256 characters',
  question_zh_required: 'Question-ZH is required',
  question_zh_max: 'Question-ZH must be less than 256 characters',
  answer_en_required: 'Answer-EN is required',
  answer_en_max: 'Answer-EN must be less than 256 characters',
  answer_zh_required: 'Answer-ZH is required',
  answer_zh_max: 'Answer-ZH must be less than 256 characters',
  // Feedback and contact forms (SPEC.md §5)
  name_required: 'Name is required',
  whatsapp_required: 'WhatsApp is required',
  max_128: 'Must be less than 128 characters',
  max_64: 'Must be less than 64 characters',
  firstname_required: 'First name is required',
  lastname_required: 'Last name is required',
  comment_required: 'Please fill the comment field',
  comment_max: 'Your message must be at most 250 characters',
  role_invalid: 'Please choose streamer, recruiter or collaborate',
  // Recharge submit (SPEC.md §5: translation keys payment_*_tips, checked in this order)
  payment_currency_code_tips: 'Please choose a currency',
  payment_price_id_tips: 'Please choose a diamond package',
  payment_quantity_tips: 'Quantity must be more than 0, and quantity × diamonds at most 100,000',
  payment_game_id_tips: 'Please enter your BIGO ID',
  payment_email_tips: 'Please enter a valid email, for example name@example.com',
  // Orders and payment (results and refusals)
  order_created: 'Order created. Redirecting to payment…',
  order_amount_mismatch: 'The price has changed. Please reload the page and choose the package again.',
  order_price_unavailable: 'This package is no longer on sale. Please reload the page and choose another.',
  // Issue #30: the payment method chosen on our page
  order_channel_unavailable: 'This payment method is not available for this currency. Please choose another.',
  order_channel_limit: 'This payment method does not take this amount. Please choose another payment method.',
  order_payload_invalid: 'The order could not be read. Please reload the page and try again.',
  order_expired: 'This order request has expired. Please check the clock of your device and try again.',
  order_precheck_failed: 'This BIGO ID cannot be recharged. Please check the ID and try again.',
  order_precheck_unavailable: 'Recharge is temporarily unavailable. Please try again in a few minutes.',
  order_not_found: 'Order not found',
  order_not_payable: 'This order can no longer be paid',
  order_not_yours: 'Only the buyer who placed this order can pay for it',
  order_reason_required: 'Please give a reason',
  order_retry_started: 'Charge restarted: the diamonds are being delivered again',
  order_marked_delivered: 'Order marked as delivered: the receipt is on its way to the buyer',
  order_refund_started: 'Refund started',
  order_action_not_allowed: 'This action is not possible in the order’s current status',
  dispute_not_found: 'Dispute not found',
  dispute_not_answerable: 'This dispute no longer takes evidence',
  dispute_evidence_submitted: 'Evidence submitted to the payment gateway',
  dispute_submit_failed: 'The payment gateway did not take the evidence. Please try again later.',
  refund_unavailable: 'The refund could not be started at the payment gateway. Please try again later.',
  refund_bank_details_required:
    'This payment was made by online banking: enter the buyer’s bank code, name and account number to refund it',
  refund_bank_code_invalid: 'Bank code: the 8 letters and digits of the bank’s code',
  refund_bank_country_invalid: 'Bank country: two letters (e.g. MY)',
  refund_beneficiary_name_invalid: 'Name: letters, digits and spaces only, at most 100',
  refund_account_no_invalid: 'Account number: letters and digits, at most 100',
  // Issue #26: refunds that cannot pay a buyer twice
  refund_needs_delivery_check:
    'BIGO may have delivered this order: check it in BIGO’s reseller console, then confirm that the diamonds were not delivered',
  extra_payment_not_found: 'Payment not found',
  extra_payment_refund_started: 'Refund of the extra payment started',
  payment_unavailable: 'The payment service is temporarily unavailable. Please try again in a few minutes.',
  // Results and refusals the server answers (shown in the active language through the same keys)
  logout_success: 'Logout successfully.',
  register_success: 'Registration successful.',
  code_sent: 'The verification code has been sent to your email.',
  reset_success: 'Your password has been reset. Please sign in with your new password.',
  password_changed: 'Password changed successfully. Please sign in again.',
  profile_saved: 'Profile updated successfully!',
  user_deleted: 'User Deleted',
  user_saved: 'User saved successfully!',
  price_saved: 'Price saved successfully',
  faq_deleted: 'FAQ entry deleted',
  product_deleted: 'Product deleted',
  price_deleted: 'Price deleted',
  product_saved: 'Product saved successfully',
  release_success: 'Release product successfully',
  products_synced: 'Products and prices synced with Stripe',
  price_synced: 'Price synced with Stripe',
  faq_saved: 'FAQ Add Successfully!',
  feedback_sent: 'Your message has been sent successfully.',
  feedback_handled: 'Feedback marked as resolved',
  username_taken: 'This username is already taken',
  email_taken: 'This email is already registered',
  bad_credentials: 'Incorrect username or password',
  account_deactivated: 'This account is deactivated. Please contact support.',
  sign_in_expired: 'This sign-in request has expired. Please check the clock of your device and try again.',
  sign_in_replayed: 'This sign-in request was already used. Please try again.',
  code_invalid: 'The verification code is invalid or has expired',
  old_password_wrong: 'Old password is incorrect',
  same_password: 'The new password must differ from the old one',
  self_demote: 'You cannot remove your own superuser role',
  self_delete: 'You cannot delete your own account',
  last_superuser: 'At least one superuser must remain',
  not_image: 'Only PNG, JPEG, GIF or WebP images can be uploaded',
  no_file: "Send the image as the form field 'file'",
  upload_malformed: 'The upload is not a valid multipart/form-data body',
  product_image_forbidden: 'Only administrators can upload product images',
  invalid_file_path: 'Invalid file path',
  file_too_large: 'File is too large',
  product_has_orders: 'This product has orders and cannot be deleted',
  price_has_orders: 'This price is used by an order and cannot be deleted',
  price_taken: 'A price for this product, currency and diamonds already exists',
  product_missing: 'This product does not exist',
  stripe_refused: 'Stripe did not accept the sync',
  feedback_already_handled: 'This feedback has already been handled',
  user_not_found: 'User not found',
  product_not_found: 'Product not found',
  price_not_found: 'Price not found',
  faq_not_found: 'FAQ not found',
  feedback_not_found: 'Feedback not found',
  file_not_found: 'File not found',
  job_not_found: 'Job not found',
  job_not_dead: 'Only a job that ran out of attempts can be retried',
  job_retried: 'The job was queued again',
  // Generic (SPEC.md §5)
  field_invalid: '{field} is not valid.',
  // Issue #33: a row id in a path or query string
  row_id_invalid: 'Must be a positive whole number',
  // Issue #15: U+0000 or a lone surrogate in any text
  text_unsafe: 'Contains characters that are not allowed',
  // Issue #15: sign-in of an account under attack (an e-mailed sign-in code besides the password)
  sign_in_code_required:
    'Too many failed sign-ins to this account. If your password is right, we have e-mailed you a sign-in code: enter it with your password.',
  sign_in_code_wrong: 'Incorrect password or sign-in code',
  sign_in_code_format: 'The sign-in code is 6 digits',
  // Issue #15: two-factor sign-in (TOTP and recovery codes)
  two_factor_code_required: 'Enter the code of your authenticator app or a recovery code',
  two_factor_code_wrong: 'The code is wrong, has expired or was already used',
  two_factor_sign_in_expired: 'This sign-in has expired. Please sign in again.',
  two_factor_enrol_required:
    'Administrators must turn on two-factor sign-in before using the console: open Two-factor sign-in.',
  two_factor_session_required: 'Sign in again with your authenticator code to use the console.',
  two_factor_already_on: 'Two-factor sign-in is already on',
  two_factor_not_started: 'Start the set-up again: no new secret is waiting for its first code',
  two_factor_required_for_admins: 'Administrators cannot turn two-factor sign-in off',
  two_factor_not_on: 'Two-factor sign-in is not on',
  two_factor_turned_on: 'Two-factor sign-in is on',
  two_factor_turned_off: 'Two-factor sign-in is off',
  password_wrong: 'The password is incorrect',
  // Issue #33: changing the e-mail address (the current password and a code sent to the new address)
  email_change_code_sent: 'If this address can be used, we have e-mailed it a code.',
  email_changed: 'Your e-mail address has been changed.',
  email_same: 'This is already your e-mail address',
  email_change_needs_code: 'A new e-mail address needs your password and a code: use Change e-mail',
  // Issue #16: rewards (promo codes, welcome and channel bonuses)
  promo_code_format: 'A promo code is 3 to 32 letters, digits, dashes or underscores',
  promo_not_found: 'This promo code does not exist or is not on offer',
  promo_not_started: 'This promo code is not valid yet',
  promo_expired: 'This promo code has expired',
  promo_currency: 'This promo code is not for this currency',
  promo_product: 'This promo code is not for this product',
  promo_min_spend: 'This promo code needs a larger order',
  promo_channel: 'This bonus is not for this payment method',
  promo_used_by_you: 'You have already used this promo code as often as it allows',
  promo_too_small: 'This order is too small for this promo code to give any diamonds',
  promo_used_up: 'This promo code has been used up',
  promotion_not_found: 'Promotion not found',
  promotion_name_required: 'Please give the promotion a name',
  promotion_code_taken: 'Another promotion already has this code',
  promotion_bonus_invalid: 'Bonus: a whole number of diamonds (1 to 10,000), or a percentage from 1 to 100',
  promotion_kind_invalid: 'Please choose promo code, welcome bonus or payment-method bonus',
  promotion_dates_invalid: 'The end must be after the start',
  promotion_channels_required: 'Name at least one payment method',
  promotion_number_invalid: 'Must be a whole number, 1 or more',
  spin_prizes_invalid:
    'Prizes: 1 to 12 rows, each 0 to 1,200 diamonds with a whole-number weight of 1 or more',
  spin_per_spin_invalid: 'Diamonds per spin: a whole number from 100 to 100,000',
  spin_not_found: 'Spin not found',
  spin_pending: 'This spin unlocks once the diamonds of its order are delivered',
  spin_withdrawn: 'This spin was withdrawn because its order was refunded',
  spins_paused: 'Spins are paused at the moment; your spins are kept for later',
  prize_not_failed: 'Only a prize whose delivery failed can be sent again',
  // Issue #29: risk controls (the buyer is never told which rule)
  order_refused: 'We cannot accept this order. Please contact support.',
  order_refused_wait: 'Too many unsuccessful payments. Please try again in an hour.',
  risk_hold_decided: 'This order is no longer held for review',
  risk_hold_decided_ok: 'Decision recorded',
  risk_blocklist_value_invalid: 'Not a valid value for this kind of entry',
  risk_blocklist_not_found: 'Blocklist entry not found',
  risk_blocklist_saved: 'Blocklist entry added',
  risk_blocklist_deleted: 'Blocklist entry deleted',
  risk_settings_saved: 'Risk settings saved',
} as const;

export type TMessageKey = keyof typeof MESSAGES;

export function isMessageKey(value: string): value is TMessageKey {
  return Object.hasOwn(MESSAGES, value);
}

/** A key's English text; anything that is not a key is already a text and comes back as it is. */
export function messageText(keyOrText: string): string {
  return isMessageKey(keyOrText) ? MESSAGES[keyOrText] : keyOrText;
}
