import { describe, expect, it } from 'vitest';
import { SUPPORT_CONTACT, supportHoursText, supportLines } from './support-contact';

describe('support contact', () => {
  it('words the shop’s overnight hours and the agency’s day hours in both languages', () => {
    expect(supportHoursText(SUPPORT_CONTACT.hours.shop, 'en')).toBe(
      'Monday to Sunday, 10:00 – 01:00 (next day)',
    );
    expect(supportHoursText(SUPPORT_CONTACT.hours.shop, 'zh')).toBe('周一至周日 10:00–次日 01:00');
    expect(supportHoursText(SUPPORT_CONTACT.hours.agency, 'en')).toBe('Monday to Friday, 08:00 – 22:00');
    expect(supportHoursText(SUPPORT_CONTACT.hours.agency, 'zh')).toBe('周一至周五 08:00–22:00');
  });

  it('names the channels and the shop’s hours', () => {
    expect(supportLines('en')).toEqual([
      { label: 'WhatsApp or phone', value: '+65 8888 6666', href: 'https://wa.me/6588886666' },
      { label: 'E-mail', value: 'support@ezrecharge.com', href: 'mailto:support@ezrecharge.com' },
      { label: 'Hours', value: 'Monday to Sunday, 10:00 – 01:00 (next day)' },
    ]);
    expect(supportLines('zh').map((l) => l.label)).toEqual(['WhatsApp 或电话', '电子邮件', '服务时间']);
  });
});
