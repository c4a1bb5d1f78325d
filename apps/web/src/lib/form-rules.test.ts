import { MSG } from '@ezrecharge/shared/messages';
import { ZOrderEmail } from '@ezrecharge/shared/schemas/orders';
import { beforeEach, describe, expect, it } from 'vitest';
import { lazyCheck } from './form-rules';
import { i18n, setLanguage } from './i18n';

describe('a rule whose schema loads on demand (lazyCheck)', () => {
  beforeEach(() => setLanguage('en'));

  it('passes a valid value and reports the schema’s first failing check in the active language', async () => {
    const rule = lazyCheck(
      async () => ({ ZOrderEmail }),
      (m) => m.ZOrderEmail,
      'E-mail',
    );
    expect(await rule('buyer@example.com', {})).toBeUndefined();
    expect(await rule('not an address', {})).toBe(i18n.t(`validation:${MSG.payment_email_tips}`));
  });

  it('says the connection failed, rather than pass the value, when the schema cannot be loaded', async () => {
    let attempts = 0;
    const rule = lazyCheck(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return { ZOrderEmail };
      },
      (m) => m.ZOrderEmail,
      'E-mail',
    );
    expect(await rule('buyer@example.com', {})).toBe(i18n.t('common:errors.network'));
    expect(await rule('buyer@example.com', {})).toBeUndefined();
  });
});
