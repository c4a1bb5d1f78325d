import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Spin } from 'antd';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { errorText } from '../lib/form-rules';
import { toast } from '../lib/toast';
import { IMAGE_ACCEPT, imageProblem, uploadAttachment } from '../lib/upload';
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
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const hintId = `${inputId}-hint`;
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File): Promise<void> => {
    const problem = imageProblem(file);
    if (problem) {
      toast.error(t(`avatar.${problem}`));
      return;
    }
    setUploading(true);
    try {
      onChange?.(await uploadAttachment(file, 'avatar'));
    } catch (error) {
      if (!isApiError(error) || !error.toasted) toast.error(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>): void => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (file) void upload(file);
  };

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
