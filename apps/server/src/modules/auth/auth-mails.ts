import type { TCaptchaApi } from '@ezrecharge/shared';
import { oneLine } from '../../infra/mail-text';
import { shopMinute } from '../../infra/shop-time';

/**
 * Texts of the account e-mails, in English and Chinese. The language follows the request's Accept-Language
 * (the web sends its current language there): anything starting with "zh" is Chinese, everything else English.
 * The code stands alone on its own line and is the only 6-digit number in the text, so mail clients and the
 * tests find it.
 */
export type MailLang = 'en' | 'zh';

export function mailLanguage(acceptLanguage: string | undefined): MailLang {
  return acceptLanguage?.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export interface MailText {
  subject: string;
  text: string;
}

const PURPOSE_TEXT: Record<MailLang, Record<TCaptchaApi, string>> = {
  en: {
    register: 'Enter it on the sign-up page to finish creating your account.',
    forget_password: 'Enter it on the reset-password page to choose a new password.',
  },
  zh: {
    register: '请在注册页面输入此验证码以完成账户创建。',
    forget_password: '请在重置密码页面输入此验证码以设置新密码。',
  },
};

export function codeMail(lang: MailLang, purpose: TCaptchaApi, code: string, minutes: number): MailText {
  if (lang === 'zh') {
    return {
      subject: 'EzRecharge 验证码',
      text: [
        '您好，',
        '',
        '您的 EzRecharge 验证码是：',
        '',
        code,
        '',
        PURPOSE_TEXT.zh[purpose],
        `验证码 ${minutes} 分钟内有效，且只能使用一次。`,
        '',
        'EzRecharge 客服绝不会向您索要此验证码，请勿告诉任何人。',
        '如果这不是您本人的操作，请忽略此邮件。',
        '',
        'EzRecharge',
      ].join('\n'),
    };
  }
  return {
    subject: 'Your EzRecharge verification code',
    text: [
      'Hello,',
      '',
      'Your EzRecharge verification code is:',
      '',
      code,
      '',
      PURPOSE_TEXT.en[purpose],
      `The code expires in ${minutes} minutes and works only once.`,
      '',
      'EzRecharge support will never ask you for this code. Do not share it with anyone.',
      'If you did not ask for it, you can ignore this e-mail.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

/** `timeZone`: SHOP_TIME_ZONE; the time is the shop's (infra/shop-time.ts). */
export function passwordChangedMail(
  lang: MailLang,
  username: string,
  at: Date,
  resetUrl: string,
  timeZone: string,
): MailText {
  if (lang === 'zh') {
    return {
      subject: '您的 EzRecharge 密码已更改',
      text: [
        '您好，',
        '',
        `您的 EzRecharge 账户 ${username} 的密码已于 ${shopMinute(at, timeZone, lang)} 更改，所有设备均已退出登录。`,
        '',
        `如果这不是您本人的操作，请立即通过 ${resetUrl} 重置密码并联系客服。`,
        '',
        'EzRecharge',
      ].join('\n'),
    };
  }
  return {
    subject: 'Your EzRecharge password was changed',
    text: [
      'Hello,',
      '',
      `The password of your EzRecharge account ${username} was changed at ${shopMinute(at, timeZone, lang)}. Every device was signed out.`,
      '',
      `If you did not do this, reset your password at ${resetUrl} right away and contact support.`,
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

/**
 * To an address that asked for a sign-up code but already has an account (issue #15): the sign-up page answers as
 * for any address, and only the mailbox's owner learns the address is taken. No code in it.
 */
export function alreadyRegisteredMail(
  lang: MailLang,
  username: string,
  links: { signIn: string; reset: string },
): MailText {
  const name = oneLine(username);
  if (lang === 'zh') {
    return {
      subject: '您已拥有 EzRecharge 账户',
      text: [
        '您好，',
        '',
        `有人（希望是您本人）想用此邮箱地址注册 EzRecharge 账户，但此地址已有账户，用户名为 ${name}。`,
        '',
        `请直接登录：${links.signIn}`,
        `如果忘记了密码，请在此重置：${links.reset}`,
        '',
        '如果这不是您本人的操作，请忽略此邮件，您的账户不会有任何变化。',
        '',
        'EzRecharge',
      ].join('\n'),
    };
  }
  return {
    subject: 'You already have an EzRecharge account',
    text: [
      'Hello,',
      '',
      `Someone (hopefully you) asked to sign up to EzRecharge with this e-mail address, but it already has an account: its username is ${name}.`,
      '',
      `Sign in: ${links.signIn}`,
      `Forgot your password? Reset it: ${links.reset}`,
      '',
      'If this was not you, you can ignore this e-mail: nothing has changed on your account.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

/**
 * The sign-in code of an account under attack (login-guard.ts), mailed only after its right password was sent. It
 * says why, so an owner who did not sign in knows the password is known to someone else.
 */
export function signInCodeMail(
  lang: MailLang,
  username: string,
  code: string,
  minutes: number,
  links: { reset: string },
): MailText {
  const name = oneLine(username);
  if (lang === 'zh') {
    return {
      subject: 'EzRecharge 登录验证码',
      text: [
        '您好，',
        '',
        `有人刚刚用正确的密码登录您的 EzRecharge 账户 ${name}。由于此账户近期多次登录失败，登录还需要输入以下验证码：`,
        '',
        code,
        '',
        `验证码 ${minutes} 分钟内有效，且只能使用一次。请在登录页面连同密码一起输入。`,
        '',
        `如果这不是您本人的操作，说明有人知道了您的密码：请立即通过 ${links.reset} 重置密码。`,
        'EzRecharge 客服绝不会向您索要此验证码，请勿告诉任何人。',
        '',
        'EzRecharge',
      ].join('\n'),
    };
  }
  return {
    subject: 'Your EzRecharge sign-in code',
    text: [
      'Hello,',
      '',
      `Someone just signed in to your EzRecharge account ${name} with the right password. After many failed sign-ins to this account, signing in also needs this code:`,
      '',
      code,
      '',
      `The code expires in ${minutes} minutes and works only once. Enter it on the sign-in page with your password.`,
      '',
      `If this was not you, someone knows your password: reset it now at ${links.reset}`,
      'EzRecharge support will never ask you for this code. Do not share it with anyone.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

interface AttackFacts {
  failures: number;
  windowMinutes: number;
  reset: string;
  profile: string;
}

function attackText(lang: MailLang, name: string, facts: AttackFacts): string[] {
  if (lang === 'zh') {
    return [
      '您好，',
      '',
      `您的 EzRecharge 账户 ${name} 在 ${facts.windowMinutes} 分钟内已有 ${facts.failures} 次密码错误的登录尝试，可能有人正在猜测您的密码。`,
      '',
      '只要密码没有被猜中，您的账户就是安全的。在此期间，登录除了密码，还需要输入我们在密码正确时通过邮件发送给您的验证码，其他人无法收到此验证码。',
      '',
      `如果这些尝试不是您本人所为，请设置一个未在其他地方使用过的强密码：${facts.reset}`,
      `开启两步验证可以获得最好的保护：${facts.profile}`,
      '',
      '此类通知每小时最多发送一次。',
      '',
      'EzRecharge',
    ];
  }
  return [
    'Hello,',
    '',
    `There have been ${facts.failures} sign-ins with a wrong password to your EzRecharge account ${name} within ${facts.windowMinutes} minutes: someone may be trying to guess your password.`,
    '',
    'Your account is safe as long as the password is not guessed. Meanwhile, signing in needs, besides the password, a code that we e-mail to you when the password is right; nobody else receives it.',
    '',
    `If these attempts were not yours, choose a strong password that you use nowhere else: ${facts.reset}`,
    `Two-factor sign-in gives the best protection: ${facts.profile}`,
    '',
    'We send this notice at most once an hour.',
    '',
    'EzRecharge',
  ];
}

/**
 * The owner's notice that their account's sign-in is under attack (login-guard.ts), in the account's language, or
 * in both when it is not known (an account that has not signed in since languages were recorded).
 */
export function accountAttackMail(lang: MailLang | null, username: string, facts: AttackFacts): MailText {
  const name = oneLine(username);
  const subject = {
    en: 'Many failed sign-ins to your EzRecharge account',
    zh: '您的 EzRecharge 账户多次登录失败',
  };
  if (lang) return { subject: subject[lang], text: attackText(lang, name, facts).join('\n') };
  return {
    subject: `${subject.en} / ${subject.zh}`,
    text: [...attackText('en', name, facts), '', '----', '', ...attackText('zh', name, facts)].join('\n'),
  };
}

/**
 * The code that proves a new address before an account moves to it (issue #33), sent to the new address. It names
 * the account, so the mailbox's owner knows which account wants the address.
 */
export function emailChangeCodeMail(
  lang: MailLang,
  username: string,
  code: string,
  minutes: number,
): MailText {
  const name = oneLine(username);
  if (lang === 'zh') {
    return {
      subject: 'EzRecharge 验证码',
      text: [
        '您好，',
        '',
        `有人（希望是您本人）想将此邮箱地址用于 EzRecharge 账户 ${name}。验证码是：`,
        '',
        code,
        '',
        `请在个人资料的“更改邮箱”中输入此验证码。验证码 ${minutes} 分钟内有效，且只能使用一次。`,
        '',
        'EzRecharge 客服绝不会向您索要此验证码，请勿告诉任何人。',
        '如果这不是您本人的操作，请忽略此邮件：此邮箱不会被使用。',
        '',
        'EzRecharge',
      ].join('\n'),
    };
  }
  return {
    subject: 'Your EzRecharge verification code',
    text: [
      'Hello,',
      '',
      `Someone (hopefully you) asked to use this address for your EzRecharge account ${name}. The verification code is:`,
      '',
      code,
      '',
      `Enter it in your profile, under Change e-mail. The code expires in ${minutes} minutes and works only once.`,
      '',
      'EzRecharge support will never ask you for this code. Do not share it with anyone.',
      'If you did not ask for it, you can ignore this e-mail: this address will not be used.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

/**
 * To an address that an account asked to move to but that already has an account (issue #33): the profile answers
 * as for any address, and only this mailbox's owner learns that the address is taken. No code in it.
 */
export function addressTakenMail(
  lang: MailLang,
  username: string,
  links: { signIn: string; reset: string },
): MailText {
  const name = oneLine(username);
  if (lang === 'zh') {
    return {
      subject: '此邮箱已有 EzRecharge 账户',
      text: [
        '您好，',
        '',
        `有人想将此邮箱地址用于另一个 EzRecharge 账户，但此地址已有账户，用户名为 ${name}。此邮箱没有被更改到其他账户。`,
        '',
        `登录：${links.signIn}`,
        `如果忘记了密码，请在此重置：${links.reset}`,
        '',
        '如果这不是您本人的操作，请忽略此邮件，您的账户不会有任何变化。',
        '',
        'EzRecharge',
      ].join('\n'),
    };
  }
  return {
    subject: 'This e-mail address already has an EzRecharge account',
    text: [
      'Hello,',
      '',
      `Someone asked to use this e-mail address for another EzRecharge account, but it already has an account: its username is ${name}. The address was not moved.`,
      '',
      `Sign in: ${links.signIn}`,
      `Forgot your password? Reset it: ${links.reset}`,
      '',
      'If this was not you, you can ignore this e-mail: nothing has changed on your account.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

/**
 * To the old address once an account has moved to a new one (issue #33). The new address is masked; a password
 * reset would now go to it, so an owner who did not do this is sent to support, not to the reset page.
 */
export function emailChangedMail(
  lang: MailLang,
  username: string,
  maskedNewEmail: string,
  at: Date,
  links: { support: string },
  timeZone: string,
): MailText {
  const name = oneLine(username);
  if (lang === 'zh') {
    return {
      subject: '您的 EzRecharge 邮箱已更改',
      text: [
        '您好，',
        '',
        `您的 EzRecharge 账户 ${name} 的邮箱已于 ${shopMinute(at, timeZone, lang)} 更改为 ${maskedNewEmail}。此后的邮件（包括重置密码）将发送到新邮箱。`,
        '',
        `如果这不是您本人的操作，请立即联系客服：${links.support}`,
        '',
        'EzRecharge',
      ].join('\n'),
    };
  }
  return {
    subject: 'Your EzRecharge e-mail address was changed',
    text: [
      'Hello,',
      '',
      `The e-mail address of your EzRecharge account ${name} was changed to ${maskedNewEmail} at ${shopMinute(at, timeZone, lang)}. From now on our e-mails, password resets included, go to the new address.`,
      '',
      `If you did not do this, contact support right away: ${links.support}`,
      '',
      'EzRecharge',
    ].join('\n'),
  };
}
