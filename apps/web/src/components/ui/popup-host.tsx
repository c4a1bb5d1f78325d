import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { closePopup, currentPopup, subscribePopups } from '../../lib/popup';
import { Button } from './button';
import { Dialog } from './dialog';
import { ErrorCircleIcon } from './icons';

/** Shows the queued error popups (lib/popup.ts) one at a time; mounted once by the root layout. */
export function PopupHost() {
  const { t } = useTranslation('common');
  const popup = useSyncExternalStore(subscribePopups, currentPopup, currentPopup);
  if (!popup) return null;
  const close = () => closePopup(popup.id);
  return (
    <Dialog
      key={popup.id}
      open
      className="app-dialog--error"
      icon={<ErrorCircleIcon />}
      title={popup.text}
      onClose={close}
      footer={
        <Button variant="primary" autoFocus onClick={close}>
          {t('ok')}
        </Button>
      }
    />
  );
}
