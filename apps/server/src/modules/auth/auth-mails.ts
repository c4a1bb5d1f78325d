import type { TCaptchaApi } from '@ezrecharge/shared';
import { oneLine } from '../../infra/mail-text';

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

/** "2026-11-21 18:03 UTC": no seconds, so the notice holds no 6-digit number a reader could take for a code. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function passwordChangedMail(lang: MailLang, username: string, at: Date, resetUrl: string): MailText {
  if (lang === 'zh') {
    return {
      subject: '您的 EzRecharge 密码已更改',
      text: [
        '您好，',
        '',
        `您的 EzRecharge 账户 ${username} 的密码已于 ${utcMinute(at)} 更改，所有设备均已退出登录。`,
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
      `The password of your EzRecharge account ${username} was changed at ${utcMinute(at)}. Every device was signed out.`,
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
