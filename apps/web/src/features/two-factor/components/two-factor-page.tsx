import { PoweroffOutlined, QrcodeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type TTwoFactorStatus, ZTwoFactorConfirm } from '@ezrecharge/shared/schemas/accounts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { fieldRules, reportFormError } from '../../../lib/antd-form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { routePath } from '../../../lib/routes';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartSetup,
  useTwoFactorStatus,
} from '../api/two-factor';
import './two-factor.css';

interface TConfirmValues {
  code: string;
  password: string;
}

const FIELDS = ['code', 'password'] as const;
const SCHEMA = ZTwoFactorConfirm.shape;

/**
 * Two-factor sign-in /two-factor (issue #15): enrolment (a QR code and the secret as text, confirmed by a first
 * code and the password; then the recovery codes, once), and for ordinary users turning it off. A superuser without
 * it is sent here before any other console page.
 */
export function TwoFactorPage() {
  const { t } = useTranslation('two-factor');
  const status = useTwoFactorStatus();
  // Shown once, right after enrolment: they are in no answer after this one.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body: React.ReactNode;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} />;
  else if (status.isPending) body = <PageLoading />;
  else if (status.isError) body = <LoadFailed onRetry={() => void status.refetch()} />;
  else if (status.data.enabled) body = <EnabledPanel status={status.data} />;
  else body = <EnrolPanel required={status.data.required} onEnabled={setRecoveryCodes} />;

  return (
    <div className="two-factor-page">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="console-panel">{body}</div>
    </div>
  );
}

/** The code and the current password that turning two-factor sign-in on or off asks for. */
function ConfirmFields({ codeLabel }: { codeLabel: string }) {
  const { t } = useTranslation('two-factor');
  return (
    <>
      <Form.Item name="code" {...fieldRules(SCHEMA.code, codeLabel)}>
        <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} />
      </Form.Item>
      <Form.Item name="password" {...fieldRules(SCHEMA.password, t('password'))}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </>
  );
}

function EnrolPanel({ required, onEnabled }: { required: boolean; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('two-factor');
  const [form] = Form.useForm<TConfirmValues>();
  const popup = useErrorPopup();
  const setup = useStartSetup();
  // No toast: the recovery codes the server answers with show instead.
  const enable = useToastedMutation(useEnableTwoFactor(), {
    onError: (error) => reportFormError(form, error, popup, { fields: FIELDS }),
    onSuccess: onEnabled,
  });

  const onFinish = (values: TConfirmValues): Promise<boolean> =>
    enable.run({ code: values.code.trim(), password: values.password });

  return (
    <div className="two-factor-enrol">
      {required && <Alert type="warning" showIcon title={t('required')} />}
      <p>{t('intro')}</p>
      {!setup.data ? (
        <Button
          type="primary"
          icon={<QrcodeOutlined aria-hidden="true" />}
          loading={setup.isPending}
          onClick={() => setup.mutate()}
        >
          {t('start')}
        </Button>
      ) : (
        <>
          <p>{t('scan')}</p>
          <img
            className="two-factor-enrol__qr"
            src={setup.data.qr_svg}
            alt={t('qrAlt')}
            width={200}
            height={200}
          />
          <Form<TConfirmValues>
            form={form}
            name="two-factor-enable"
            layout="vertical"
            className="console-form"
            initialValues={{ code: '', password: '' }}
            onFinish={(values) => void onFinish(values)}
          >
            <Form.Item label={t('secret')} htmlFor="two-factor-secret">
              <Input
                id="two-factor-secret"
                readOnly
                value={setup.data.secret}
                className="two-factor-enrol__secret"
              />
            </Form.Item>
            <ConfirmFields codeLabel={t('code')} />
            <Button
              className="console-form__actions"
              type="primary"
              htmlType="submit"
              icon={<SafetyCertificateOutlined aria-hidden="true" />}
              loading={enable.isPending}
            >
              {t('enable')}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('two-factor');
  const navigate = useNavigate();
  return (
    <section className="two-factor-codes" aria-labelledby="two-factor-codes-title">
      <Alert type="success" showIcon title={t('enabled')} />
      <h2 id="two-factor-codes-title">{t('codesTitle')}</h2>
      <p>{t('codesHint')}</p>
      <ol className="two-factor-codes__list" aria-label={t('codesList')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button type="primary" onClick={() => void navigate(routePath('ezrecharge'))}>
        {t('continue')}
      </Button>
    </section>
  );
}

function EnabledPanel({ status }: { status: TTwoFactorStatus }) {
  const { t } = useTranslation('two-factor');
  return (
    <div className="two-factor-enabled">
      <Alert
        type="success"
        showIcon
        title={t('enabled')}
        description={t('codesLeft', { count: status.recovery_codes_left })}
      />
      {status.required ? <p>{t('adminsKeep')}</p> : <DisableForm />}
    </div>
  );
}

function DisableForm() {
  const { t } = useTranslation('two-factor');
  const [form] = Form.useForm<TConfirmValues>();
  const popup = useErrorPopup();
  const disable = useToastedMutation(useDisableTwoFactor(), {
    success: t('turnedOff'),
    onError: (error) => reportFormError(form, error, popup, { fields: FIELDS }),
  });

  const onFinish = (values: TConfirmValues): Promise<boolean> =>
    disable.run({ code: values.code.trim(), password: values.password });

  return (
    <section aria-labelledby="two-factor-disable-title">
      <h2 id="two-factor-disable-title">{t('disableTitle')}</h2>
      <p>{t('disableHint')}</p>
      <Form<TConfirmValues>
        form={form}
        name="two-factor-disable"
        layout="vertical"
        className="console-form"
        initialValues={{ code: '', password: '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <ConfirmFields codeLabel={t('disableCode')} />
        <Button
          className="console-form__actions"
          danger
          htmlType="submit"
          icon={<PoweroffOutlined aria-hidden="true" />}
          loading={disable.isPending}
        >
          {t('disable')}
        </Button>
      </Form>
    </section>
  );
}
