import { FEEDBACK_ROLES } from '@ezrecharge/shared/feedback';
import { TEXT_LIMITS, TOAST_DURATION_MS } from '@ezrecharge/shared/limits';
import type { TFeedbackInput } from '@ezrecharge/shared/schemas/support';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { Field, TextArea, TextInput } from '../../../components/ui/field';
import { CheckCircleIcon, ErrorCircleIcon, SendIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { lazyCheck, reportFieldErrors } from '../../../lib/form-rules';
import { supportSchemas } from '../../../lib/lazy-schemas';
import { reloadPage } from '../../../lib/navigation';
import { useErrorPopup } from '../../../lib/popup';
import { useForm } from '../../../lib/use-form';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useSendFeedback } from '../api/send-feedback';

type TRole = TFeedbackInput['role'];

export type TFeedbackFormValues = {
  name: string;
  bigo_id: string;
  whatapp_id: string;
  email: string;
  role: TRole;
  comment: string;
};

const FIELDS = ['name', 'bigo_id', 'whatapp_id', 'email', 'role', 'comment'] as const;

const INITIAL: TFeedbackFormValues = {
  name: '',
  bigo_id: '',
  whatapp_id: '',
  email: '',
  role: 'streamer',
  comment: '',
};

/** The fields the shared schema refuses empty (marked * beside their labels; the form's test holds them to it). */
export const FEEDBACK_REQUIRED = [
  'name',
  'whatapp_id',
  'comment',
] as const satisfies readonly (typeof FIELDS)[number][];

/** A field's rule from the shared schema (loaded on demand). */
const feedbackRule = (field: (typeof FIELDS)[number], label: string) =>
  lazyCheck(supportSchemas, (m) => m.ZFeedbackInput.shape[field], label);

/**
 * The Contact us 2 feedback form (SPEC.md §2, §5): name, BIGO ID, WhatsApp, e-mail, role (streamer by default)
 * and a comment of at most 250 characters. After sending, the success toast shows for its full 2 s and then the
 * page reloads (SPEC.md §4), which also empties the form.
 */
export function FeedbackForm() {
  const { t } = useTranslation('feedback');
  const label = {
    name: t('fields.name'),
    bigo_id: t('fields.bigoId'),
    whatapp_id: t('fields.whatsapp'),
    email: t('fields.email'),
    role: t('fields.role'),
    comment: t('fields.comment'),
  };
  const form = useForm<TFeedbackFormValues>({
    initial: INITIAL,
    rules: {
      name: [feedbackRule('name', label.name)],
      bigo_id: [feedbackRule('bigo_id', label.bigo_id)],
      whatapp_id: [feedbackRule('whatapp_id', label.whatapp_id)],
      email: [feedbackRule('email', label.email)],
      role: [feedbackRule('role', label.role)],
      comment: [feedbackRule('comment', label.comment)],
    },
    required: FEEDBACK_REQUIRED,
  });
  const popup = useErrorPopup();
  const [sent, setSent] = useState(false);
  const [rateLimited, setRateLimited] = useState(false);
  const send = useToastedMutation(useSendFeedback(), {
    success: t('sent'),
    onError: (error) => {
      // 429: the API client already toasted it; the notice below stays until the next attempt.
      if (isApiError(error) && error.status === 429) setRateLimited(true);
      else reportFieldErrors(form.setErrors, error, popup, { fields: FIELDS });
    },
    onSuccess: () => setSent(true),
  });

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(reloadPage, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const onSubmit = (values: TFeedbackFormValues): Promise<boolean> => {
    setRateLimited(false);
    return send.run({
      name: values.name.trim(),
      bigo_id: values.bigo_id.trim(),
      whatapp_id: values.whatapp_id.trim(),
      email: values.email.trim(),
      role: values.role,
      comment: values.comment.trim(),
    });
  };

  const commentLength = [...form.values.comment].length;

  return (
    <form className="feedback-form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <div className="feedback-form__grid">
        <Field label={label.name} {...form.field('name')}>
          <TextInput {...form.input('name')} autoComplete="name" disabled={sent} />
        </Field>
        <Field label={label.bigo_id} {...form.field('bigo_id')}>
          <TextInput
            {...form.input('bigo_id')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            disabled={sent}
          />
        </Field>
        <Field label={label.whatapp_id} {...form.field('whatapp_id')}>
          <TextInput {...form.input('whatapp_id')} type="tel" autoComplete="tel" disabled={sent} />
        </Field>
        <Field label={label.email} {...form.field('email')}>
          {/* inputMode, not type="email": Chromium's own check would stop the submit with an English bubble. */}
          <TextInput
            {...form.input('email')}
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            disabled={sent}
          />
        </Field>
      </div>
      <ChoiceGroup<TRole>
        {...form.input('role')}
        legend={label.role}
        options={FEEDBACK_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        error={form.field('role').error}
        required={form.field('role').required}
        disabled={sent}
      />
      <Field label={label.comment} {...form.field('comment')}>
        <TextArea
          {...form.input('comment')}
          className="feedback-form__comment"
          rows={5}
          placeholder={t('commentPlaceholder')}
          disabled={sent}
        />
        {/* The count, not a hard limit: a longer message gets SPEC.md's message instead of being cut short. */}
        <span
          className={[
            'app-textarea__count',
            commentLength > TEXT_LIMITS.comment && 'feedback-form__count--over',
          ]
            .filter(Boolean)
            .join(' ')}
          aria-hidden="true"
        >
          {`${commentLength} / ${TEXT_LIMITS.comment}`}
        </span>
      </Field>
      {rateLimited && (
        <p className="feedback-form__notice feedback-form__notice--error" role="alert">
          <ErrorCircleIcon className="feedback-form__notice-icon" />
          <span>{t('rateLimited')}</span>
        </p>
      )}
      {sent && (
        <p className="feedback-form__notice feedback-form__notice--success" role="status">
          <CheckCircleIcon className="feedback-form__notice-icon" />
          <span>{t('reloading')}</span>
        </p>
      )}
      <Button
        variant="primary"
        type="submit"
        size="large"
        icon={<SendIcon />}
        loading={send.isPending}
        disabled={sent}
      >
        {t('submit')}
      </Button>
    </form>
  );
}
