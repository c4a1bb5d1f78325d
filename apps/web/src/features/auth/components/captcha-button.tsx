import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SendIcon } from '../../../components/ui/icons';

/** Seconds before another code may be asked for (the server refuses a second request within a minute). */
export const CAPTCHA_COOLDOWN_S = 60;

interface TCaptchaButtonProps {
  label: string;
  /** Sends the code; resolves to whether it was sent (then the countdown starts). */
  onSend: () => Promise<boolean>;
}

/**
 * The SEND CODE button (sign-up; GET CODE on reset): a spinner while sending, then a 60-second countdown before it
 * can be used again. The countdown is the button's name, announced politely as it changes.
 */
export function CaptchaButton({ label, onSend }: TCaptchaButtonProps) {
  const { t } = useTranslation('auth');
  const [sending, setSending] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const onClick = async (): Promise<void> => {
    setSending(true);
    try {
      if (await onSend()) setSecondsLeft(CAPTCHA_COOLDOWN_S);
    } finally {
      setSending(false);
    }
  };

  const waiting = secondsLeft > 0;
  return (
    <Button
      className="captcha-button"
      icon={<SendIcon />}
      loading={sending}
      disabled={waiting}
      onClick={() => void onClick()}
      aria-live="polite"
    >
      {waiting ? t('captcha.resendIn', { seconds: secondsLeft }) : label}
    </Button>
  );
}
