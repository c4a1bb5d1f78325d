import { TEXT_LIMITS } from '@ezrecharge/shared/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, TextArea, TextInput } from '../../../components/ui/field';
import { ErrorCircleIcon, SendIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { lazyCheck, reportFieldErrors } from '../../../lib/form-rules';
import { supportSchemas } from '../../../lib/lazy-schemas';
import { useErrorPopup } from '../../../lib/popup';
import { useForm } from '../../../lib/use-form';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useSendContact } from '../api/send-contact';
import { ContactFormFrame } from './contact-form-frame';

type TContactFormValues = {
  firstname: string;
  lastname: string;
  email: string;
  comment: string;
};

const FIELDS = ['firstname', 'lastname', 'email', 'comment'] as const;
const EMPTY: TContactFormValues = { firstname: '', lastname: '', email: '', comment: '' };
/** The fields the shared schema refuses empty (the form's test holds them to it). */
export const CONTACT_REQUIRED = [
  'firstname',
  'lastname',
  'email',
] as const satisfies readonly (typeof FIELDS)[number][];

/** A field's rule from the shared schema (loaded on demand). */
const contactRule = (field: (typeof FIELDS)[number], label: string) =>
  lazyCheck(supportSchemas, (m) => m.ZContactInput.shape[field], label);

/**
 * The Contact 1 form variant (SPEC.md §2, §5): first and last name (each at most 64), e-mail (at most 128) and an
 * optional message of at most 250 characters. Each field is checked on change and on blur against the shared
 * schema, stopping at its first failing rule; the server's field errors show under their fields. A sent message
 * empties the form.
 */
export function ContactForm() {
  const { t } = useTranslation('content');
  const popup = useErrorPopup();
  const [rateLimited, setRateLimited] = useState(false);
  const label = {
    firstname: t('contactForm.firstname'),
    lastname: t('contactForm.lastname'),
    email: t('contactForm.email'),
    comment: t('contactForm.comment'),
  };
  const form = useForm<TContactFormValues>({
    initial: EMPTY,
    rules: {
      firstname: [contactRule('firstname', label.firstname)],
      lastname: [contactRule('lastname', label.lastname)],
      email: [contactRule('email', label.email)],
      comment: [contactRule('comment', label.comment)],
    },
    required: CONTACT_REQUIRED,
  });

  const send = useToastedMutation(useSendContact(), {
    success: t('contactForm.sent'),
    onError: (error) => {
      // 429: the API client already toasted it; the notice stays until the next attempt.
      if (isApiError(error) && error.status === 429) setRateLimited(true);
      else reportFieldErrors(form.setErrors, error, popup, { fields: FIELDS });
    },
    onSuccess: () => form.reset(),
  });

  const onSubmit = (values: TContactFormValues): Promise<boolean> => {
    setRateLimited(false);
    return send.run({
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      email: values.email.trim(),
      comment: values.comment.trim(),
    });
  };

  return (
    <ContactFormFrame>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <div className="content-contact-form__names">
          <Field label={label.firstname} {...form.field('firstname')}>
            <TextInput autoComplete="given-name" {...form.input('firstname')} />
          </Field>
          <Field label={label.lastname} {...form.field('lastname')}>
            <TextInput autoComplete="family-name" {...form.input('lastname')} />
          </Field>
        </div>
        <Field label={label.email} {...form.field('email')}>
          {/* inputMode, not type="email": Chromium's own check would stop the submit with an English bubble. */}
          <TextInput inputMode="email" autoComplete="email" spellCheck={false} {...form.input('email')} />
        </Field>
        <Field
          label={label.comment}
          {...form.field('comment')}
          // The count is read with the box (not a hard stop: a longer text gets the SPEC.md message instead).
          hint={`${[...form.values.comment].length} / ${TEXT_LIMITS.comment}`}
          className="content-contact-form__comment"
        >
          <TextArea rows={4} {...form.input('comment')} />
        </Field>
        {rateLimited && (
          <div className="content-contact-form__notice" role="alert">
            <ErrorCircleIcon className="content-contact-form__notice-icon" />
            <span>{t('contactForm.rateLimited')}</span>
          </div>
        )}
        <Button
          type="submit"
          variant="primary"
          size="large"
          icon={<SendIcon />}
          loading={send.isPending || form.submitting}
        >
          {t('contactForm.submit')}
        </Button>
      </form>
    </ContactFormFrame>
  );
}
