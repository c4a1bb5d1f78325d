import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The Search (submit) and Reset buttons that end the filter form of every admin list. */
export function FilterActions({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden="true" />}>
          {t('filters.search')}
        </Button>
        <Button onClick={onReset}>{t('filters.reset')}</Button>
      </Space>
    </Form.Item>
  );
}
