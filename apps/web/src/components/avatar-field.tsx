import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT } from '../lib/upload';
import { useImageUpload } from './use-image-upload';
import './avatar-field.css';

interface TAvatarFieldProps {
  /** Set by Form.Item, so that the item's label names the file input. */
  id?: string;
  /** The uploaded picture's URL; '' for none. */
  value?: string;
  onChange?: (url: string) => void;
  /** Whose picture it is, for the preview's text alternative. */
  owner: string;
}

/**
 * Avatar picker of the profile and user screens (SPEC.md §2, §5: image files only): preview, choose or change,
 * remove. The picked file is checked here (type and size) and uploaded through the attachment API at once; the
 * field's value becomes the returned URL.
 */
export function AvatarField({ id, value = '', onChange, owner }: TAvatarFieldProps) {
  const { t } = useTranslation('common');
  const { inputId, hintId, uploading, onPick } = useImageUpload({
    id,
    attachmentType: 'avatar',
    problemText: (problem) => t(`avatar.${problem}`),
    onChange,
  });

  return (
    <div className="avatar-field">
      <Spin spinning={uploading}>
        {value ? (
          <Avatar size={88} src={value} alt={t('avatar.alt', { name: owner })} />
        ) : (
          <Avatar size={88} icon={<UserOutlined aria-hidden="true" />} />
        )}
      </Spin>
      <div className="avatar-field__actions">
        <div className="avatar-field__buttons">
          <input
            id={inputId}
            className="avatar-field__input"
            type="file"
            accept={IMAGE_ACCEPT}
            aria-describedby={hintId}
            disabled={uploading}
            onChange={onPick}
          />
          <label htmlFor={inputId} className="avatar-field__pick">
            <UploadOutlined aria-hidden="true" />
            <span>{value ? t('avatar.change') : t('avatar.choose')}</span>
          </label>
          {value && (
            <Button onClick={() => onChange?.('')} disabled={uploading}>
              {t('avatar.remove')}
            </Button>
          )}
        </div>
        <p id={hintId} className="avatar-field__hint">
          {uploading ? t('avatar.uploading') : t('avatar.hint')}
        </p>
      </div>
    </div>
  );
}
