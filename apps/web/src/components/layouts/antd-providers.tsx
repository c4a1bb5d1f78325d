import { ERROR_TOAST_WIDTH } from '@ezrecharge/shared/limits';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// Ant Design's date pickers format with dayjs in the active language.
import '../../lib/dayjs';
import { DESIGN_TOKENS } from '../../lib/design-tokens';
import { isLanguage } from '../../lib/i18n';

/**
 * Ant Design's settings for the console (issue #14: the storefront ships without antd; this module loads with the
 * admin layout only). Colours come from the shared design tokens, so both faces look alike.
 *
 * Darker than antd's defaults wherever antd draws text in these colours, so every text reaches 4.5:1 against its
 * background (WCAG 2.1 AA; e2e/accessibility.spec.ts runs axe on every screen): field hints, counters, empty
 * states and placeholders (antd: #8c8c8c at 3.4:1 and #bfbfbf at 1.8:1), danger buttons and field errors
 * (#ff4d4f at 3.3:1), and tags, whose text sits on a pale tint of its own colour (green #52c41a at 2.2:1, gold
 * #d48806 at 2.7:1). Tags get the darker shade of each colour whose default fails (palette 8, or 9 for gold and
 * lime); the tints behind them stay antd's.
 */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)'; // #666 on white: 5.7:1
const THEME: ThemeConfig = {
  token: {
    colorPrimary: DESIGN_TOKENS.primary,
    colorInfo: DESIGN_TOKENS.primary,
    colorSuccess: '#52c41a',
    colorError: DESIGN_TOKENS.danger,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    colorTextPlaceholder: SECONDARY_TEXT,
    borderRadius: DESIGN_TOKENS.radius,
    fontFamily: 'var(--app-font)',
  },
  components: {
    Notification: { width: ERROR_TOAST_WIDTH },
    Tag: {
      colorSuccess: '#237804', // on #f6ffed: 5.4:1
      colorWarning: '#874d00', // on #fffbe6: 6.5:1
      green7: '#237804',
      gold7: '#874d00',
      lime7: '#3f6600',
      orange7: '#ad4e00',
      cyan7: '#006d75',
      volcano7: '#ad2102',
    },
  },
};

/** antd's theme, locale and context (App.useApp for confirm dialogs) around the console. */
export function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  const locale = isLanguage(active.language) && active.language === 'zh' ? zhCN : enUS;
  return (
    <ConfigProvider
      locale={locale}
      theme={THEME}
      // antd spaces out two Chinese characters on a button ("登 录"); Chinese typesetting does not.
      button={{ autoInsertSpace: false }}
      // antd puts a half-width ":" after the labels of inline forms (the console's filters); Chinese would need "：".
      form={{ colon: false }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
