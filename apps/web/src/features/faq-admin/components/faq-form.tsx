import { SaveOutlined } from '@ant-design/icons';
import { TEXT_LIMITS } from '@ezrecharge/shared/limits';
import { type TFaqInput, ZFaqInput } from '@ezrecharge/shared/schemas/support';
import { Button, Col, Form, type FormInstance, Input, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { fieldRules } from '../../../lib/antd-form-rules';
import { listAddress } from '../../../lib/list-address';
import { routePath } from '../../../lib/routes';

export type TFaqFormValues = TFaqInput;

export const FAQ_FIELDS = [
  'module_en',
  'question_en',
  'answer_en',
  'module_zh',
  'question_zh',
  'answer_zh',
] as const;

export const EMPTY_FAQ: TFaqFormValues = {
  module_en: '',
  module_zh: '',
  question_en: '',
  question_zh: '',
  answer_en: '',
  answer_zh: '',
};

/** The six values as sent: trimmed, as the server stores them. */
export function toFaqInput(values: TFaqFormValues): TFaqInput {
  return {
    module_en: values.module_en.trim(),
    module_zh: values.module_zh.trim(),
    question_en: values.question_en.trim(),
    question_zh: values.question_zh.trim(),
    answer_en: values.answer_en.trim(),
    answer_zh: values.answer_zh.trim(),
  };
}

interface TFaqFormProps {
  form: FormInstance<TFaqFormValues>;
  name: string;
  initialValues: TFaqFormValues;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: TFaqFormValues) => void;
}

const SCHEMA = ZFaqInput.shape;

/** One language's half of the form: module, question and answer. */
function LanguageColumn({ language }: { language: 'en' | 'zh' }) {
  const { t } = useTranslation('faq-admin');
  const htmlLang = language === 'zh' ? 'zh-CN' : 'en';
  const headingId = `faq-form-${language}`;
  return (
    <section className="faq-admin__column" aria-labelledby={headingId}>
      <h2 id={headingId} className="faq-admin__column-title">
        {t(`form.${language}`)}
      </h2>
      <Form.Item
        name={`module_${language}`}
        {...fieldRules(SCHEMA[`module_${language}`], t(`fields.module_${language}`))}
      >
        <Input lang={htmlLang} autoComplete="off" count={{ show: true, max: TEXT_LIMITS.faqModule }} />
      </Form.Item>
      <Form.Item
        name={`question_${language}`}
        {...fieldRules(SCHEMA[`question_${language}`], t(`fields.question_${language}`))}
      >
        <Input.TextArea
          lang={htmlLang}
          autoSize={{ minRows: 2, maxRows: 5 }}
          count={{ show: true, max: TEXT_LIMITS.faqText }}
        />
      </Form.Item>
      <Form.Item
        name={`answer_${language}`}
        {...fieldRules(SCHEMA[`answer_${language}`], t(`fields.answer_${language}`))}
      >
        <Input.TextArea
          lang={htmlLang}
          autoSize={{ minRows: 4, maxRows: 10 }}
          count={{ show: true, max: TEXT_LIMITS.faqText }}
        />
      </Form.Item>
    </section>
  );
}

/** The add-FAQ and edit-FAQ form (SPEC.md §5: modules at most 64, questions and answers at most 256, all required). */
export function FaqForm({ form, name, initialValues, pending, submitLabel, onSubmit }: TFaqFormProps) {
  const { t } = useTranslation('faq-admin');
  return (
    <Form<TFaqFormValues>
      form={form}
      name={name}
      layout="vertical"
      className="faq-admin__form"
      initialValues={initialValues}
      onFinish={onSubmit}
    >
      <Row gutter={[32, 8]}>
        <Col xs={24} lg={12}>
          <LanguageColumn language="en" />
        </Col>
        <Col xs={24} lg={12}>
          <LanguageColumn language="zh" />
        </Col>
      </Row>
      <Space>
        {/* With an icon, antd swaps it for the spinner without the collapse animation that can stick in Chromium. */}
        <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden="true" />} loading={pending}>
          {submitLabel}
        </Button>
        <ButtonLink to={listAddress(routePath('faq-admin'))}>{t('form.cancel')}</ButtonLink>
      </Space>
    </Form>
  );
}
