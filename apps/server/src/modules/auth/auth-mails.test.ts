import { describe, expect, it } from 'vitest';
import {
  accountAttackMail,
  addressTakenMail,
  alreadyRegisteredMail,
  codeMail,
  emailChangeCodeMail,
  emailChangedMail,
  mailLanguage,
  passwordChangedMail,
  signInCodeMail,
} from './auth-mails';

const SHOP_ZONE = 'Asia/Singapore';

describe('mailLanguage', () => {
  it('picks Chinese for any zh tag first, English otherwise', () => {
    expect(mailLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(mailLanguage('zh')).toBe('zh');
    expect(mailLanguage(' ZH-tw')).toBe('zh');
    expect(mailLanguage('en-US,zh;q=0.5')).toBe('en');
    expect(mailLanguage('')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
  });
});

describe('codeMail', () => {
  for (const lang of ['en', 'zh'] as const) {
    for (const purpose of ['register', 'forget_password'] as const) {
      it(`${lang} ${purpose}: the code is the only 6-digit number and stands on its own line`, () => {
        const mail = codeMail(lang, purpose, '012345', 10);
        expect(mail.text.match(/\d{6}/g)).toEqual(['012345']);
        expect(mail.text.split('\n')).toContain('012345');
        expect(mail.subject.length).toBeGreaterThan(0);
      });
    }
  }

  it('says in both languages how long the code lives and that support never asks for it', () => {
    const en = codeMail('en', 'register', '111111', 10).text;
    expect(en).toContain('expires in 10 minutes');
    expect(en).toContain('support will never ask you for this code');
    const zh = codeMail('zh', 'register', '111111', 10).text;
    expect(zh).toContain('10 分钟内有效');
    expect(zh).toContain('客服绝不会向您索要此验证码');
  });

  it('tells sign-up from password reset', () => {
    expect(codeMail('en', 'register', '111111', 10).text).toContain('sign-up');
    expect(codeMail('en', 'forget_password', '111111', 10).text).toContain('reset-password');
  });
});

describe('passwordChangedMail', () => {
  const at = new Date('2026-11-21T18:03:45.678Z');
  it('names the account, the minute and where to reset, with no number a reader could take for a code', () => {
    for (const lang of ['en', 'zh'] as const) {
      const mail = passwordChangedMail(
        lang,
        'alice_01',
        at,
        'https://shop.example/reset-password',
        SHOP_ZONE,
      );
      expect(mail.text).toContain('alice_01');
      // The shop's time with its zone named (issue #32: this notice said UTC, the receipt UTC+8).
      expect(mail.text).toContain(
        lang === 'en'
          ? '2026-11-22 02:03 (Singapore Standard Time, GMT+8)'
          : '2026-11-22 02:03（新加坡标准时间，GMT+8）',
      );
      expect(mail.text).toContain('https://shop.example/reset-password');
      expect(mail.text).not.toMatch(/\b\d{6}\b/);
    }
  });
});

describe('account-protection mails (issue #15)', () => {
  const facts = {
    failures: 20,
    windowMinutes: 60,
    reset: 'https://shop/reset-password',
    profile: 'https://shop/two-factor',
  };

  it('keep a name with line breaks on one line, so it cannot add lines or fields', () => {
    const name = 'eve\nSubject: hacked\r\nline';
    for (const mail of [
      accountAttackMail(null, name, facts),
      accountAttackMail('zh', name, facts),
      signInCodeMail('en', name, '012345', 10, { reset: facts.reset }),
      alreadyRegisteredMail('en', name, { signIn: 'https://shop/signin', reset: facts.reset }),
    ]) {
      expect(mail.text).not.toMatch(/^Subject: hacked/m);
      expect(mail.text).toContain('eve Subject: hacked  line');
    }
  });

  it('carry a 6-digit number only in the sign-in code mail, on its own line', () => {
    for (const lang of ['en', 'zh'] as const) {
      expect(
        signInCodeMail(lang, 'alice', '012345', 10, { reset: facts.reset }).text.match(/\d{6}/g),
      ).toEqual(['012345']);
      expect(accountAttackMail(lang, 'alice', facts).text).not.toMatch(/\d{6}/);
    }
    expect(accountAttackMail(null, 'alice', facts).text).not.toMatch(/\d{6}/);
  });
});

describe('e-mail change mails (issue #33)', () => {
  const at = new Date('2026-11-21T18:03:45.678Z');
  const links = { signIn: 'https://shop/signin', reset: 'https://shop/reset-password' };

  it('carry the code only in the mail to the new address, alone on its line, naming the account', () => {
    for (const lang of ['en', 'zh'] as const) {
      const code = emailChangeCodeMail(lang, 'alice_01', '012345', 10);
      expect(code.text.match(/\d{6}/g)).toEqual(['012345']);
      expect(code.text.split('\n')).toContain('012345');
      expect(code.text).toContain('alice_01');
      expect(addressTakenMail(lang, 'bob_02', links).text).not.toMatch(/\d{6}/);
      expect(addressTakenMail(lang, 'bob_02', links).text).toContain('bob_02');
      const changed = emailChangedMail(
        lang,
        'alice_01',
        'ne***@example.com',
        at,
        { support: 'https://shop/contact-ezrecharge' },
        SHOP_ZONE,
      );
      expect(changed.text).not.toMatch(/\b\d{6}\b/);
      expect(changed.text).toContain('ne***@example.com');
      expect(changed.text).toContain('2026-11-22 02:03');
      expect(changed.text).toContain('https://shop/contact-ezrecharge');
    }
  });

  it('keep a name with line breaks on one line', () => {
    const name = 'eve\nSubject: hacked';
    for (const mail of [
      emailChangeCodeMail('en', name, '012345', 10),
      addressTakenMail('zh', name, links),
      emailChangedMail('en', name, 'x***@y.z', at, { support: 'https://shop/contact-ezrecharge' }, SHOP_ZONE),
    ]) {
      expect(mail.text).not.toMatch(/^Subject: hacked/m);
    }
  });
});
