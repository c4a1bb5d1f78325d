import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { reportFormError } from '../../../lib/antd-form-rules';
import { listAddress } from '../../../lib/list-address';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useCreateProduct } from '../api/create-product';
import { BackToProducts } from './back-links';
import {
  EMPTY_PRODUCT,
  PRODUCT_FIELDS,
  ProductForm,
  type TProductFormValues,
  toProductInput,
} from './product-form';
import './catalogue-admin.css';

/** Add product /product-add (SPEC.md §2, §5, §8): success says so and goes back to the list. */
export function ProductAddPage() {
  const { t } = useTranslation('catalogue-admin');
  const [form] = Form.useForm<TProductFormValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const create = useToastedMutation(useCreateProduct(), {
    success: (message) => message,
    onError: (error) => reportFormError(form, error, popup, { fields: PRODUCT_FIELDS }),
    onSuccess: () => navigate(listAddress(routePath('product'))),
  });

  return (
    <div className="catalogue-admin">
      <PageHeader
        title={t('productAdd.title')}
        description={t('productAdd.description')}
        back={<BackToProducts />}
      />
      <div className="console-panel">
        <ProductForm
          form={form}
          name="product-add"
          initialValues={EMPTY_PRODUCT}
          pending={create.isPending}
          submitLabel={t('productAdd.submit')}
          onSubmit={(values) => void create.run(toProductInput(values))}
        />
      </div>
    </div>
  );
}
