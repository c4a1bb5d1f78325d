import { SendOutlined } from '@ant-design/icons';
import { TEXT_LIMITS, TOAST_DURATION_MS } from '@ezrecharge/shared/limits';
import { FEEDBACK_ROLES, type TFeedbackInput, ZFeedbackInput } from '@ezrecharge/shared/schemas/support';
import { Alert, Button, Col, Form, Input, Radio, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { isApiError } from '../../../lib/api-client';
import { reloadPage } from '../../../lib/navigation';
import { useErrorPopup } from '../../../lib/popup';
import { toast } from '../../../lib/toast';
import { useSendFeedback } from '../api/send-feedback';

type TRole = TFeedbackInput['role'];

export interface TFeedbackFormValues {
  name: string;
  bigo_id: string;
  whatapp_id: string;
  email: string;
  role: TRole;
  comment: string;
}

const FIELDS = ['name', 'bigo_id', 'whatapp_id', 'email', 'role', 'comment'] as const;

const INITIAL: TFeedbackFormValues = {
  name: '',
  bigo_id: '',
  whatapp_id: '',
  email: '',
  role: 'streamer',
  comment: '',
};

const SCHEMA = ZFeedbackInput.shape;

/**
 * The Contact us 2 feedback form (SPEC.md §2, §5): name, BIGO ID, WhatsApp, e-mail, role (streamer by default)
 * and a comment of at most 250 characters. After sending, the success toast shows for its full 2 s and then the
 * page reloads (SPEC.md §4), which also empties the form.
 */
export function FeedbackForm() {
  const { t } = useTranslation('feedback');
  const [form] = Form.useForm<TFeedbackFormValues>();
  const popup = useErrorPopup();
  const send = useSendFeedback();
  const [sent, setSent] = useState(false);
  const [rateLimited, setRateLimited] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(reloadPage, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const onSubmit = async (values: TFeedbackFormValues): Promise<void> => {
    setRateLimited(false);
    try {
      await send.mutateAsync({
        name: values.name.trim(),
        bigo_id: values.bigo_id.trim(),
        whatapp_id: values.whatapp_id.trim(),
        email: values.email.trim(),
        role: values.role,
        comment: values.comment.trim(),
      });
    } catch (error) {
      // 429: the API client already toasted it; the notice below stays until the next attempt.
      if (isApiError(error) && error.status === 429) setRateLimited(true);
      else reportFormError(form, error, popup, { fields: FIELDS });
      return;
    }
    toast.success(t('sent'));
    setSent(true);
  };

  return (
    <Form<TFeedbackFormValues>
      form={form}
      name="feedback"
      layout="vertical"
      className="feedback-form"
      initialValues={INITIAL}
      disabled={sent}
      onFinish={(values) => void onSubmit(values)}
    >
      <Row gutter={20}>
        <Col xs={24} md={12}>
          <Form.Item name="name" {...fieldRules(SCHEMA.name, t('fields.name'))}>
            <Input autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="bigo_id" {...fieldRules(SCHEMA.bigo_id, t('fields.bigoId'))}>
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="whatapp_id" {...fieldRules(SCHEMA.whatapp_id, t('fields.whatsapp'))}>
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" {...fieldRules(SCHEMA.email, t('fields.email'))}>
            {/* inputMode, not type="email": Chromium's own check would stop the submit with an English bubble. */}
            <Input inputMode="email" autoComplete="email" spellCheck={false} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="role" {...fieldRules(SCHEMA.role, t('fields.role'))}>
        <Radio.Group aria-label={t('fields.role')} role="radiogroup">
          {FEEDBACK_ROLES.map((role) => (
            <Radio key={role} value={role}>
              {t(`roles.${role}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="comment" {...fieldRules(SCHEMA.comment, t('fields.comment'))}>
        <Input.TextArea
          autoSize={{ minRows: 5, maxRows: 10 }}
          count={{ show: true, max: TEXT_LIMITS.comment }}
          placeholder={t('commentPlaceholder')}
        />
      </Form.Item>
      {rateLimited && (
        <Alert className="feedback-form__notice" type="error" showIcon title={t('rateLimited')} />
      )}
      {sent && <Alert className="feedback-form__notice" type="success" showIcon title={t('reloading')} />}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        icon={<SendOutlined aria-hidden="true" />}
        loading={send.isPending}
      >
        {t('submit')}
      </Button>
    </Form>
  );
}
