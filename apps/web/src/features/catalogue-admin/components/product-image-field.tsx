import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from '../../../components/use-image-upload';
import { IMAGE_ACCEPT } from '../../../lib/upload';

interface TProductImageFieldProps {
  /** Set by Form.Item, so that the item's label names the file input. */
  id?: string;
  /** The uploaded image's URL; '' for none. */
  value?: string;
  onChange?: (url: string) => void;
  /** The product's name, for the preview's text alternative. */
  productName: string;
}

/**
 * Product image picker (SPEC.md §2, §5: image files only), the same approach as the avatar picker: the picked file
 * is checked here (type and size), uploaded at once as a `product` attachment, and the field's value becomes the
 * returned URL.
 */
export function ProductImageField({ id, value = '', onChange, productName }: TProductImageFieldProps) {
  const { t } = useTranslation('catalogue-admin');
  const { inputId, hintId, uploading, onPick } = useImageUpload({
    id,
    attachmentType: 'product',
    problemText: (problem) => t(`image.${problem}`),
    onChange,
  });

  return (
    <div className="product-image-field">
      <Spin spinning={uploading}>
        <div className="product-image-field__preview">
          {value ? (
            <img src={value} alt={t('image.alt', { name: productName })} />
          ) : (
            <PictureOutlined className="product-image-field__empty" aria-label={t('image.none')} />
          )}
        </div>
      </Spin>
      <div className="product-image-field__actions">
        <div className="product-image-field__buttons">
          <input
            id={inputId}
            className="product-image-field__input"
            type="file"
            accept={IMAGE_ACCEPT}
            aria-describedby={hintId}
            disabled={uploading}
            onChange={onPick}
          />
          <label htmlFor={inputId} className="product-image-field__pick">
            <UploadOutlined aria-hidden="true" />
            <span>{value ? t('image.change') : t('image.choose')}</span>
          </label>
          {value && (
            <Button onClick={() => onChange?.('')} disabled={uploading}>
              {t('image.remove')}
            </Button>
          )}
        </div>
        <p id={hintId} className="product-image-field__hint">
          {uploading ? t('image.uploading') : t('image.hint')}
        </p>
      </div>
    </div>
  );
}
