import { formatMinor } from '@ezrecharge/shared/money';
import type { TPrice } from '@ezrecharge/shared/schemas/catalogue';
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
import { useGetPrice } from '../api/get-price';
import { useUpdatePrice } from '../api/update-price';
import { parseId } from '../utils/format';
import { BackToPrices, BackToProducts, BadId } from './back-links';
import { PRICE_FIELDS, PriceForm, type TPriceFormValues, toPriceInput } from './price-form';
import './catalogue-admin.css';

/** Edit price /price-edit?product_id=&id= (SPEC.md §2, §5, §8). */
export function PriceEditPage() {
  const { t } = useTranslation('catalogue-admin');
  const [searchParams] = useSearchParams();
  const productId = parseId(searchParams.get('product_id'));
  const id = parseId(searchParams.get('id'));
  return (
    <div className="catalogue-admin">
      <PageHeader
        title={t('priceEdit.title')}
        description={t('priceEdit.description')}
        back={productId ? <BackToPrices productId={productId} /> : <BackToProducts />}
      />
      <div className="console-panel">{id ? <EditPrice id={id} /> : <BadId />}</div>
    </div>
  );
}

function EditPrice({ id }: { id: number }) {
  const { t } = useTranslation('catalogue-admin');
  const price = useGetPrice(id);
  if (price.isPending) return <PageLoading />;
  if (price.isError) {
    // SPEC.md §8: 'Oops, something went wrong!' when the price cannot be loaded.
    return (
      <LoadFailed
        onRetry={() => void price.refetch()}
        back={<ButtonLink to={listAddress(routePath('product'))}>{t('products.back')}</ButtonLink>}
      />
    );
  }
  return <EditPriceForm key={price.dataUpdatedAt} price={price.data} />;
}

function EditPriceForm({ price }: { price: TPrice }) {
  const { t } = useTranslation('catalogue-admin');
  const [form] = Form.useForm<TPriceFormValues>();
  const navigate = useNavigate();
  const popup = useErrorPopup();
  const update = useToastedMutation(useUpdatePrice(), {
    success: (message) => message,
    // SPEC.md §8: a failed price edit shows the error itself, even when its fields were marked.
    onError: (error) =>
      reportFormError(form, error, popup, { fields: PRICE_FIELDS, alwaysShowMessage: true }),
    onSuccess: () => navigate(listAddress(routePath('price', { id: price.product_id }))),
  });

  return (
    <PriceForm
      form={form}
      name="price-edit"
      productId={price.product_id}
      productName={price.product_name}
      initialValues={{
        currency: price.currency,
        game_amount: price.game_amount,
        unit_amount: formatMinor(price.unit_amount, price.currency),
      }}
      pending={update.isPending}
      submitLabel={t('priceEdit.submit')}
      // The price belongs to its product; the address only says where to go back to.
      onSubmit={(values) => void update.run({ id: price.id, values: toPriceInput(price.product_id, values) })}
    />
  );
}
