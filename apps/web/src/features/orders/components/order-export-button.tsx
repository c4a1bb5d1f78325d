import { DownloadOutlined } from '@ant-design/icons';
import type { TOrderListQuery } from '@ezrecharge/shared/schemas/orders';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { exportOrders } from '../api/export-orders';

/**
 * Export CSV on the order list (issue #28, superusers): downloads every order the list's current filters select —
 * the filters of the address, not only the page shown.
 */
export function OrderExportButton({ filters }: { filters: TOrderListQuery }) {
  const { t } = useTranslation('orders', { keyPrefix: 'list' });
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await exportOrders(filters);
    } catch (error) {
      // The API client toasts what it handles itself; a refused filter (400) is said here.
      if (isApiError(error) && !error.toasted) toast.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden="true" />} loading={busy} onClick={() => void run()}>
      {t('export')}
    </Button>
  );
}
