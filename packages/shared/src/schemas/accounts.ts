import { z } from 'zod';
import { EMAIL_PATTERN } from '../email';
import { TEXT_LIMITS } from '../limits';
import { MSG as M } from '../messages';

/**
 * Requests and responses of sign-in, sign-up, password reset, profile and users admin (SPEC.md §3, §5, §7).
 * Every rule carries its SPEC.md message; the first failing rule of a field is the one reported.
 */

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** An e-mail address: required, basic pattern, at most `max` characters; messages per screen. */
export const emailField = (
  messages: { required: string; invalid: string },
  max: number = TEXT_LIMITS.emailProfile,
) =>
  required(messages.required)
    .regex(EMAIL_PATTERN, messages.invalid)
    .max(max, M.email_max_64)
    .transform((v) => v.toLowerCase());

export const ZUsername = required(M.username_required)
  .min(TEXT_LIMITS.usernameMin, M.username_length)
  .max(TEXT_LIMITS.usernameMax, M.username_length)
  .regex(/^[A-Za-z0-9._-]+$/, M.username_chars);

/** Passwords are not trimmed: a space is a valid password character. */
export const passwordField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(TEXT_LIMITS.passwordMin, M.password_length)
    .max(TEXT_LIMITS.passwordMax, M.password_length);

export const ZPassword = passwordField(M.password_required);

export const ZCaptchaCode = required(M.captcha_code_required).regex(/^\d{6}$/, M.captcha_code_format);

export const CAPTCHA_APIS = ['register', 'forget_password'] as const;
export const ZCaptchaApi = z.enum(CAPTCHA_APIS);
export type TCaptchaApi = z.infer<typeof ZCaptchaApi>;

/** POST /api/v1/captcha/ */
export const ZCaptchaRequest = z.object({
  captcha_api: ZCaptchaApi,
  captcha_type: z.literal('email'),
  captcha_value: emailField(
    { required: M.captcha_needs_email, invalid: M.email_invalid },
    TEXT_LIMITS.emailLong,
  ),
});
export type TCaptchaRequest = z.infer<typeof ZCaptchaRequest>;

/** The captcha_info object of register and forgot_password. */
export const captchaInfo = <A extends TCaptchaApi>(api: A) =>
  z.object({
    captcha_api: z.literal(api),
    captcha_type: z.literal('email'),
    captcha_value: emailField(
      { required: M.email_required, invalid: M.email_invalid },
      TEXT_LIMITS.emailLong,
    ),
    captcha_code: z
      .string({ error: M.captcha_missing })
      .trim()
      .min(1, M.captcha_missing)
      .regex(/^\d{6}$/, M.captcha_code_format),
  });

/**
 * POST /api/v1/login/access-token (form-encoded). `password` is the wire-encrypted password, `client_secret` the
 * event time. The username is NOT trimmed here: the wire key derives from it exactly as the client sent it.
 */
export const ZLoginForm = z.object({
  username: z
    .string({ error: M.username_required })
    .refine((v) => v.trim().length > 0, M.username_required)
    .pipe(z.string().max(TEXT_LIMITS.usernameMax, M.username_length)),
  password: required(M.password_required).max(512, M.password_required),
  client_secret: z.string().regex(/^\d{14}$/, 'client_secret must be the 14-digit event time'),
  /** The e-mailed sign-in code, needed only while the account is protected after many failed sign-ins. */
  sign_in_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, M.sign_in_code_format)
    .optional(),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

export const ZAccessToken = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type TAccessToken = z.infer<typeof ZAccessToken>;

/**
 * The answer of a right password for an account with two-factor sign-in: no session yet, only a short-lived token
 * that POST /login/two-factor exchanges, with a code, for one.
 */
export const ZTwoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  two_factor_token: z.string(),
  expires_in: z.number().int(),
});
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

/** POST /api/v1/login/access-token answers a session, or the second step of a two-factor sign-in. */
export const ZLoginAnswer = z.union([ZAccessToken, ZTwoFactorChallenge]);
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

/** A TOTP (6 digits) or a recovery code (two groups of five letters and digits); spaces and dashes are ignored. */
export const ZSecondFactorCode = z
  .string({ error: M.two_factor_code_required })
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, M.two_factor_code_required)
      .regex(/^(\d{6}|[a-z0-9]{10})$/, M.two_factor_code_wrong),
  );

/** POST /api/v1/login/two-factor */
export const ZTwoFactorLogin = z.object({
  two_factor_token: z.string().min(20).max(100),
  code: ZSecondFactorCode,
});
export type TTwoFactorLogin = z.infer<typeof ZTwoFactorLogin>;

/** GET /api/v1/user/two-factor */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Superusers must have it on, and cannot turn it off. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /api/v1/user/two-factor/setup: a new secret, waiting for its first code. */
export const ZTwoFactorSetup = z.object({
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code: an SVG data URL. */
  qr_svg: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** POST /api/v1/user/two-factor/enable and /disable: the current password and a code. */
export const ZTwoFactorConfirm = z.object({
  code: ZSecondFactorCode,
  password: passwordField(M.password_required),
});
export type TTwoFactorConfirm = z.infer<typeof ZTwoFactorConfirm>;

/** The recovery codes of a new enrolment, shown once. */
export const ZRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** POST /api/v1/register */
export const ZRegister = z.object({
  username: ZUsername,
  email: emailField({ required: M.email_required, invalid: M.email_invalid }),
  password: ZPassword,
  user_type: z.literal(1),
  checkbox_terms: z.literal(true, { error: M.terms_required }),
  captcha_info: captchaInfo('register'),
});
export type TRegister = z.infer<typeof ZRegister>;

/** POST /api/v1/user/forgot_password */
export const ZForgotPassword = z.object({
  email: emailField({ required: M.reset_email_required, invalid: M.reset_email_invalid }),
  captcha_info: captchaInfo('forget_password'),
  new_password: passwordField(M.new_password_required),
});
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

/** POST /api/v1/user/change_password (password_confirmation is checked by the client only). */
export const ZChangePassword = z.object({
  old_password: passwordField(M.old_password_required),
  new_password: passwordField(M.new_password_required),
});
export type TChangePassword = z.infer<typeof ZChangePassword>;

/** An uploaded image URL as the attachment API returns it (or empty for none). */
export const ZAvatarUrl = z
  .string()
  .trim()
  .max(512)
  .refine(
    (v) => v === '' || v.startsWith('/api/v1/attachment/download?file_path='),
    'Avatar must be an uploaded image',
  )
  .default('');

/**
 * POST /api/v1/user/changeme (profile). SPEC.md §7 sends the e-mail with it, but the e-mail it takes is the one the
 * account has: a new address is set only by the change-e-mail calls below (issue #33).
 */
export const ZChangeMe = z.object({
  nickname: required(M.nickname_required).max(TEXT_LIMITS.nicknameProfile, M.profile_nickname_max),
  avatar: ZAvatarUrl,
  email: emailField({ required: M.profile_email_required, invalid: M.profile_email_invalid }),
});
export type TChangeMe = z.infer<typeof ZChangeMe>;

const ZNewEmail = emailField({ required: M.profile_email_required, invalid: M.profile_email_invalid });

/**
 * POST /api/v1/user/change_email/code (issue #33): a code to the new address, for the signed-in user whose
 * current password this is. The answer is the same whether or not the address has an account.
 */
export const ZEmailChangeCode = z.object({
  new_email: ZNewEmail,
  password: passwordField(M.password_required),
});
export type TEmailChangeCode = z.infer<typeof ZEmailChangeCode>;

/** POST /api/v1/user/change_email: the new address, the current password and the code mailed to the new address. */
export const ZEmailChange = ZEmailChangeCode.extend({ code: ZCaptchaCode });
export type TEmailChange = z.infer<typeof ZEmailChange>;

const ZIsSuperuser = z.boolean({ error: M.is_superuser_required });
const ZAdminNickname = required(M.nickname_required).max(TEXT_LIMITS.nicknameAdmin, M.nickname_max_64);

/** POST /api/v1/user/ (superuser) */
export const ZUserCreate = z.object({
  username: ZUsername,
  password: ZPassword,
  nickname: ZAdminNickname,
  avatar: ZAvatarUrl,
  email: emailField({ required: M.email_required, invalid: M.email_invalid }),
  is_superuser: ZIsSuperuser,
});
export type TUserCreate = z.infer<typeof ZUserCreate>;

/** PUT /api/v1/user/?id= (superuser) */
export const ZUserUpdate = z.object({
  nickname: ZAdminNickname,
  avatar: ZAvatarUrl,
  email: emailField({ required: M.email_required, invalid: M.email_invalid }),
  is_superuser: ZIsSuperuser,
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

export const ZUserListQuery = z.object({
  username: z.string().trim().max(TEXT_LIMITS.usernameMax).optional(),
  email: z.string().trim().max(TEXT_LIMITS.emailLong).optional(),
});

/** A user as the API shows it (never the password). */
export const ZUser = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  email: z.string(),
  is_superuser: z.boolean(),
  /** 1 Register User, 2 Agent User */
  user_type: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/** GET /api/v1/user/readme/: the signed-in user, and whether two-factor sign-in is on for them. */
export const ZMe = ZUser.extend({ two_factor_enabled: z.boolean() });
export type TMe = z.infer<typeof ZMe>;

/** GET /api/v1/user/select/: user id → display name (nickname, else username). */
export const ZUserSelect = z.record(z.string(), z.string());

export const ATTACHMENT_TYPES = ['avatar', 'product'] as const;
export const ZAttachmentType = z.enum(ATTACHMENT_TYPES);
export const ZUploadResult = z.object({ url: z.string() });
