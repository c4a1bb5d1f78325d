import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  type TSpinSettings,
  type TSpinSettingsInput,
  ZSpinPrize,
  ZSpinSettingsInput,
} from '@ezrecharge/shared/schemas/rewards';
import { MAX_PRIZE_ROWS } from '@ezrecharge/shared/spins';
import { Button, Form, type FormInstance, InputNumber, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldRules } from '../../../lib/antd-form-rules';
import { isApiError } from '../../../lib/api-client';
import { errorText, serverFieldErrors } from '../../../lib/form-rules';
import { useErrorPopup } from '../../../lib/popup';
import { useToastedMutation } from '../../../lib/use-toasted-mutation';
import { useSaveSpinSettings } from '../api/save-spin-settings';

/** One row of the prize table as antd holds it: numbers null while empty. */
export interface TPrizeRow {
  diamonds: number | null;
  weight: number | null;
}

export interface TSpinFormValues {
  active: boolean;
  diamonds_per_spin: number | null;
  prizes: TPrizeRow[];
}

/** The settings as the form shows them (a table with no rows starts with one empty row). */
export function toSpinFormValues(settings: TSpinSettings): TSpinFormValues {
  return {
    active: settings.active,
    diamonds_per_spin: settings.diamonds_per_spin,
    prizes:
      settings.prizes.length > 0
        ? settings.prizes.map((prize) => ({ diamonds: prize.diamonds, weight: prize.weight }))
        : [{ diamonds: null, weight: null }],
  };
}

/** The validated form as the API takes it (ZSpinSettingsInput); call only after the form's own checks passed. */
export function toSpinSettingsInput(values: TSpinFormValues): TSpinSettingsInput {
  return {
    active: values.active,
    diamonds_per_spin: values.diamonds_per_spin as number,
    prizes: values.prizes.map((row) => ({ diamonds: row.diamonds as number, weight: row.weight as number })),
  };
}

const isWeight = (value: unknown): value is number => ZSpinPrize.shape.weight.safeParse(value).success;

/**
 * Each row's chance of being drawn, as the server draws it (prizeAt: weight out of the total): "25%", "33.3%".
 * Null for a row whose weight is not a valid one yet; the total counts only the valid weights.
 */
export function prizeChances(rows: readonly (TPrizeRow | undefined)[]): (string | null)[] {
  const total = rows.reduce((sum, row) => sum + (isWeight(row?.weight) ? row.weight : 0), 0);
  return rows.map((row) => {
    if (!isWeight(row?.weight) || total <= 0) return null;
    return `${Math.round((row.weight / total) * 1000) / 10}%`;
  });
}

/** The server's field names for this form: `prizes.0.diamonds` and the like, per row. */
function serverFields(rows: number): string[] {
  const fields = ['active', 'diamonds_per_spin', 'prizes'];
  for (let index = 0; index < rows; index += 1)
    fields.push(`prizes.${index}.diamonds`, `prizes.${index}.weight`);
  return fields;
}

/** `prizes.0.diamonds` → ['prizes', 0, 'diamonds'], antd's name of that field. */
function namePath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Shows a refused save's field errors on their fields (the server names rows by index), the rest in the popup;
 * a failure the API client already toasted is not shown twice.
 */
function reportSaveError(
  // Untyped: the server's field names become name paths only known at run time.
  form: FormInstance,
  error: unknown,
  popup: (text: string) => void,
): void {
  const rows = (form.getFieldValue('prizes') as TPrizeRow[] | undefined)?.length ?? 0;
  const { placed, unplaced } = serverFieldErrors(error, serverFields(rows));
  form.setFields(Object.entries(placed).map(([name, text]) => ({ name: namePath(name), errors: [text] })));
  if (isApiError(error) && error.toasted) return;
  if (Object.keys(placed).length > 0 && unplaced.length === 0) return;
  popup(errorText(error));
}

const SHAPE = ZSpinSettingsInput.shape;

/**
 * The spin settings (issue #16): spins on or off, diamonds per spin and the prize table of 1 to 12 rows, each row's
 * chance shown as the weights change; checked with the shared schema before it is sent.
 */
export function SpinSettingsForm({ settings }: { settings: TSpinSettings }) {
  const { t } = useTranslation('rewards-admin');
  const [form] = Form.useForm<TSpinFormValues>();
  const popup = useErrorPopup();
  const save = useToastedMutation(useSaveSpinSettings(), {
    success: t('spins.saved'),
    onError: (error) => reportSaveError(form, error, popup),
  });
  const rows = Form.useWatch('prizes', form) as (TPrizeRow | undefined)[] | undefined;
  const initialValues = toSpinFormValues(settings);
  const chances = prizeChances(rows ?? initialValues.prizes);

  return (
    <Form<TSpinFormValues>
      form={form}
      name="spin-settings"
      layout="vertical"
      className="console-form rewards-admin__form"
      initialValues={initialValues}
      onFinish={(values) => void save.run(toSpinSettingsInput(values))}
    >
      <Form.Item
        name="active"
        label={t('spins.fields.active')}
        valuePropName="checked"
        extra={t('spins.hints.active')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="diamonds_per_spin"
        {...fieldRules(SHAPE.diamonds_per_spin, t('spins.fields.diamonds_per_spin'))}
        extra={t('spins.hints.diamonds_per_spin')}
      >
        <InputNumber<number> style={{ width: '100%' }} inputMode="numeric" min={1} />
      </Form.Item>
      <fieldset className="rewards-admin__prizes">
        <legend className="rewards-admin__legend">{t('spins.fields.prizes')}</legend>
        <p className="rewards-admin__hint">{t('spins.hints.prizes')}</p>
        <Form.List name="prizes">
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => {
                const n = index + 1;
                const chance = chances[index] ?? null;
                return (
                  <Space key={field.key} align="start" wrap className="rewards-admin__prize-row">
                    <Form.Item
                      name={[field.name, 'diamonds']}
                      {...fieldRules(ZSpinPrize.shape.diamonds, t('spins.fields.diamonds', { n }))}
                    >
                      <InputNumber<number>
                        inputMode="numeric"
                        min={0}
                        className="rewards-admin__prize-input"
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'weight']}
                      {...fieldRules(ZSpinPrize.shape.weight, t('spins.fields.weight', { n }))}
                    >
                      <InputNumber<number>
                        inputMode="numeric"
                        min={1}
                        className="rewards-admin__prize-input"
                      />
                    </Form.Item>
                    <span className="rewards-admin__chance">
                      {chance === null ? t('spins.chanceUnknown') : t('spins.chance', { percent: chance })}
                    </span>
                    <Button
                      className="rewards-admin__remove"
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden="true" />}
                      aria-label={t('spins.removePrize', { n })}
                      disabled={fields.length <= 1}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                );
              })}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden="true" />}
                disabled={fields.length >= MAX_PRIZE_ROWS}
                onClick={() => add({ diamonds: null, weight: null })}
              >
                {t('spins.addPrize')}
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>
      <Button
        type="primary"
        htmlType="submit"
        icon={<SaveOutlined aria-hidden="true" />}
        loading={save.isPending}
      >
        {t('spins.submit')}
      </Button>
    </Form>
  );
}
