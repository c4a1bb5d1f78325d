import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/**
 * What every page needs: the query cache and the texts. Ant Design's providers wrap the console only
 * (components/layouts/antd-providers.tsx, loaded with the admin layout), so the storefront's first load has none.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
