import { ERROR_TOAST_WIDTH } from '@ezrecharge/shared/limits';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n, isLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { setToastBridge } from '../lib/toast';

const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#5b3cc4',
    colorInfo: '#5b3cc4',
    colorSuccess: '#52c41a',
    colorError: '#ff4d4f',
    borderRadius: 8,
    fontFamily: 'var(--app-font)',
  },
  components: {
    // The toast column must fit the widest toast (errors, SPEC.md §9); narrower toasts align right in it.
    Notification: { width: ERROR_TOAST_WIDTH },
  },
};

/** Hands antd's context-aware notification API to the toast module, which code outside React uses. */
function ToastBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    setToastBridge(notification);
    return () => setToastBridge(null);
  }, [notification]);
  return null;
}

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  const locale = isLanguage(active.language) && active.language === 'zh' ? zhCN : enUS;
  return (
    <ConfigProvider locale={locale} theme={THEME}>
      <AntApp notification={{ placement: 'topRight' }}>
        <ToastBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalisedAntd>{children}</LocalisedAntd>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
