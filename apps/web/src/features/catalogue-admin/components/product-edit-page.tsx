import type { TProduct } from '@ezrecharge/shared/schemas/catalogue';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { reportFormError } from '../../../lib/antd-form-rules';
import { listAddress } from '../../../lib/list-address';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useGetProduct } from '../api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { parseId } from '../utils/format';
import { BackToProducts, BadId } from './back-links';
import { PRODUCT_FIELDS, ProductForm, type TProductFormValues, toProductInput } from './product-form';
import './catalogue-admin.css';

/** Edit product /product-edit?id= (SPEC.md §2, §5, §8). */
export function ProductEditPage() {
  const { t } = useTranslation('catalogue-admin');
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  return (
    <div className="catalogue-admin">
      <PageHeader
        title={t('productEdit.title')}
        description={t('productEdit.description')}
        back={<BackToProducts />}
      />
      <div className="console-panel">{id ? <EditProduct id={id} /> : <BadId />}</div>
    </div>
  );
}

function EditProduct({ id }: { id: number }) {
  const { t } = useTranslation('catalogue-admin');
  const product = useGetProduct(id);
  if (product.isPending) return <PageLoading />;
  if (product.isError) {
    // SPEC.md §8: 'Oops, something went wrong!' when the product cannot be loaded.
    return (
      <LoadFailed
        onRetry={() => void product.refetch()}
        back={<ButtonLink to={listAddress(routePath('product'))}>{t('products.back')}</ButtonLink>}
      />
    );
  }
  return <EditProductForm key={product.dataUpdatedAt} product={product.data} />;
}

function EditProductForm({ product }: { product: TProduct }) {
  const { t } = useTranslation('catalogue-admin');
  const [form] = Form.useForm<TProductFormValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const update = useToastedMutation(useUpdateProduct(), {
    success: (message) => message,
    // SPEC.md §8: a failed product edit shows the error itself, even when its fields were marked.
    onError: (error) =>
      reportFormError(form, error, popup, { fields: PRODUCT_FIELDS, alwaysShowMessage: true }),
    onSuccess: () => navigate(listAddress(routePath('product'))),
  });

  return (
    <ProductForm
      form={form}
      name="product-edit"
      initialValues={{
        image: product.image,
        name: product.name,
        code: product.code,
        comment: product.comment,
        description: product.description,
        pay_note: product.pay_note,
      }}
      pending={update.isPending}
      submitLabel={t('productEdit.submit')}
      onSubmit={(values) => void update.run({ id: product.id, values: toProductInput(values) })}
    />
  );
}
