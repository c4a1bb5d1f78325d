import { SendOutlined } from '@ant-design/icons';
import { TEXT_LIMITS } from '@ezrecharge/shared/limits';
import { ZContactInput } from '@ezrecharge/shared/schemas/support';
import { Alert, Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { isApiError } from '../../../lib/api-client';
import { useErrorPopup } from '../../../lib/popup';
import { toast } from '../../../lib/toast';
import { useSendContact } from '../api/send-contact';
import './contact-form.css';

interface TContactFormValues {
  firstname: string;
  lastname: string;
  email: string;
  comment: string;
}

const FIELDS = ['firstname', 'lastname', 'email', 'comment'] as const;
const EMPTY: TContactFormValues = { firstname: '', lastname: '', email: '', comment: '' };
const SCHEMA = ZContactInput.shape;

/**
 * The Contact 1 form variant (SPEC.md §2, §5): first and last name (each at most 64), e-mail (at most 128) and an
 * optional message of at most 250 characters. A sent message empties the form.
 */
export function ContactForm() {
  const { t } = useTranslation('content');
  const [form] = Form.useForm<TContactFormValues>();
  const popup = useErrorPopup();
  const send = useSendContact();
  const [rateLimited, setRateLimited] = useState(false);

  const onSubmit = async (values: TContactFormValues): Promise<void> => {
    setRateLimited(false);
    try {
      await send.mutateAsync({
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        email: values.email.trim(),
        comment: values.comment.trim(),
      });
    } catch (error) {
      // 429: the API client already toasted it; the notice stays until the next attempt.
      if (isApiError(error) && error.status === 429) setRateLimited(true);
      else reportFormError(form, error, popup, { fields: FIELDS });
      return;
    }
    toast.success(t('contactForm.sent'));
    form.resetFields();
  };

  return (
    <section className="content-section" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('contactForm.title')}</h2>
      <p className="content-muted content-section__intro">{t('contactForm.intro')}</p>
      <div className="content-card content-contact-form">
        <Form<TContactFormValues>
          form={form}
          name="contact"
          layout="vertical"
          initialValues={EMPTY}
          onFinish={(values) => void onSubmit(values)}
        >
          <Row gutter={20}>
            <Col xs={24} md={12}>
              <Form.Item name="firstname" {...fieldRules(SCHEMA.firstname, t('contactForm.firstname'))}>
                <Input autoComplete="given-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="lastname" {...fieldRules(SCHEMA.lastname, t('contactForm.lastname'))}>
                <Input autoComplete="family-name" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="email" {...fieldRules(SCHEMA.email, t('contactForm.email'))}>
            {/* inputMode, not type="email": Chromium's own check would stop the submit with an English bubble. */}
            <Input inputMode="email" autoComplete="email" spellCheck={false} />
          </Form.Item>
          <Form.Item name="comment" {...fieldRules(SCHEMA.comment, t('contactForm.comment'))}>
            <Input.TextArea
              autoSize={{ minRows: 4, maxRows: 10 }}
              count={{ show: true, max: TEXT_LIMITS.comment }}
            />
          </Form.Item>
          {rateLimited && (
            <Alert
              className="content-contact-form__notice"
              type="error"
              showIcon
              title={t('contactForm.rateLimited')}
            />
          )}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            icon={<SendOutlined aria-hidden="true" />}
            loading={send.isPending}
          >
            {t('contactForm.submit')}
          </Button>
        </Form>
      </div>
    </section>
  );
}
