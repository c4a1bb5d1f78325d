import { ZProductInput } from '@ezrecharge/shared/schemas/catalogue';
import { Button, Form, type FormInstance, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { fieldRules } from '../../../lib/antd-form-rules';
import { listAddress } from '../../../lib/list-address';
import { routePath } from '../../../lib/routes';
import { ProductImageField } from './product-image-field';

export interface TProductFormValues {
  image: string;
  name: string;
  code: string;
  comment: string;
  description: string;
  pay_note: string;
}

export const PRODUCT_FIELDS = ['image', 'name', 'code', 'comment', 'description', 'pay_note'] as const;

export const EMPTY_PRODUCT: TProductFormValues = {
  image: '',
  name: '',
  code: '',
  comment: '',
  description: '',
  pay_note: '',
};

/** What the server receives: the texts trimmed, as the shared schema would. */
export const toProductInput = (values: TProductFormValues) => ({
  name: values.name.trim(),
  image: values.image,
  comment: values.comment.trim(),
  code: values.code.trim(),
  description: values.description.trim(),
  pay_note: values.pay_note.trim(),
});

interface TProductFormProps {
  form: FormInstance<TProductFormValues>;
  name: string;
  initialValues: TProductFormValues;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: TProductFormValues) => void;
}

const SCHEMA = ZProductInput.shape;

/** The add-product and edit-product form (SPEC.md §5: name required, at most 64 characters; image files only). */
export function ProductForm({
  form,
  name,
  initialValues,
  pending,
  submitLabel,
  onSubmit,
}: TProductFormProps) {
  const { t } = useTranslation('catalogue-admin');
  const productName = Form.useWatch('name', form);
  return (
    <Form<TProductFormValues>
      form={form}
      name={name}
      layout="vertical"
      className="console-form"
      initialValues={initialValues}
      onFinish={onSubmit}
    >
      <Form.Item name="image" label={t('productForm.image')}>
        <ProductImageField productName={productName?.trim() || t('productForm.newProduct')} />
      </Form.Item>
      <Form.Item name="name" {...fieldRules(SCHEMA.name, t('productForm.name'))}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="code"
        {...fieldRules(SCHEMA.code, t('productForm.code'))}
        extra={t('productForm.codeHint')}
      >
        <Input autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="comment" {...fieldRules(SCHEMA.comment, t('productForm.comment'))}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" {...fieldRules(SCHEMA.description, t('productForm.description'))}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
      <Form.Item
        name="pay_note"
        {...fieldRules(SCHEMA.pay_note, t('productForm.payNote'))}
        extra={t('productForm.payNoteHint')}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={pending}>
          {submitLabel}
        </Button>
        <ButtonLink to={listAddress(routePath('product'))}>{t('form.cancel')}</ButtonLink>
      </Space>
    </Form>
  );
}
