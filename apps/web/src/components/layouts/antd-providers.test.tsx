import { render, screen } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { AntdProviders } from './antd-providers';

describe('the app’s antd settings', () => {
  it('leave two-character Chinese buttons as they are written, without a space between the characters', () => {
    render(
      <AntdProviders>
        <Button>登录</Button>
        <Button type="primary">重试</Button>
      </AntdProviders>,
    );
    expect(screen.getByRole('button', { name: '登录' })).toHaveTextContent(/^登录$/);
    expect(screen.getByRole('button', { name: '重试' })).toHaveTextContent(/^重试$/);
  });

  it('put no half-width colon after form labels (the console’s inline filters)', () => {
    render(
      <AntdProviders>
        <Form layout="inline">
          <Form.Item label="订单号" name="order_num">
            <Input />
          </Form.Item>
        </Form>
      </AntdProviders>,
    );
    expect(screen.getByText('订单号').closest('label')).toHaveClass('ant-form-item-no-colon');
  });
});
