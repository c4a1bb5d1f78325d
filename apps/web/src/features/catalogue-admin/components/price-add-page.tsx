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
import { useCreatePrice } from '../api/create-price';
import { useGetProduct } from '../api/get-product';
import { parseId } from '../utils/format';
import { BackToPrices, BackToProducts, BadId } from './back-links';
import { EMPTY_PRICE, PRICE_FIELDS, PriceForm, type TPriceFormValues, toPriceInput } from './price-form';
import './catalogue-admin.css';

/** Add price /price-add?product_id= (SPEC.md §2, §5, §8): success says so and goes back to the product's prices. */
export function PriceAddPage() {
  const { t } = useTranslation('catalogue-admin');
  const [searchParams] = useSearchParams();
  const productId = parseId(searchParams.get('product_id'));
  return (
    <div className="catalogue-admin">
      <PageHeader
        title={t('priceAdd.title')}
        description={t('priceAdd.description')}
        back={productId ? <BackToPrices productId={productId} /> : <BackToProducts />}
      />
      <div className="console-panel">{productId ? <AddPrice productId={productId} /> : <BadId />}</div>
    </div>
  );
}

function AddPrice({ productId }: { productId: number }) {
  const { t } = useTranslation('catalogue-admin');
  const product = useGetProduct(productId);
  const [form] = Form.useForm<TPriceFormValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const create = useToastedMutation(useCreatePrice(), {
    success: (message) => message,
    onError: (error) => reportFormError(form, error, popup, { fields: PRICE_FIELDS }),
    onSuccess: () => navigate(listAddress(routePath('price', { id: productId }))),
  });

  if (product.isPending) return <PageLoading />;
  if (product.isError) {
    return (
      <LoadFailed
        onRetry={() => void product.refetch()}
        back={<ButtonLink to={listAddress(routePath('product'))}>{t('products.back')}</ButtonLink>}
      />
    );
  }

  return (
    <PriceForm
      form={form}
      name="price-add"
      productId={productId}
      productName={product.data.name}
      initialValues={EMPTY_PRICE}
      pending={create.isPending}
      submitLabel={t('priceAdd.submit')}
      onSubmit={(values) => void create.run(toPriceInput(productId, values))}
    />
  );
}
