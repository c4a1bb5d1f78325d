import { useTranslation } from 'react-i18next';
import { SITE } from '../../../lib/site';

type THours = (typeof SITE.hours)[keyof typeof SITE.hours];

/** The shop and agency support hours of SITE, worded for the active language. */
export function useSupportHours(): { shop: string; agency: string } {
  const { t } = useTranslation('content');
  const format = (hours: THours): string =>
    // "HH:MM" strings compare in clock order, so a close before the open means the shift ends the next day.
    t(hours.close < hours.open ? 'common.hoursRangeOvernight' : 'common.hoursRange', {
      days: t(`common.days.${hours.days}`),
      open: hours.open,
      close: hours.close,
    });
  return { shop: format(SITE.hours.shop), agency: format(SITE.hours.agency) };
}
