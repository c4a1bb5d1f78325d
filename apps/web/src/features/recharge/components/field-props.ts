import { errorIdOf, hintIdOf, idOf, type TFieldName } from '../utils/recharge-values';
import type { TRechargeForm } from './use-recharge-form';

type TMessages = Pick<TRechargeForm, 'labels' | 'errors'>;

/** Props of the Field around the control of the recharge form's field `name`. */
export const fieldProps = (name: TFieldName, { labels, errors }: TMessages) => ({
  id: idOf(name),
  label: labels[name],
  error: errors[name],
  errorId: errorIdOf(name),
  hintId: hintIdOf(name),
  required: false,
});

/** Props of the control itself: its id and name, and its message tied to it. */
export const controlProps = (name: TFieldName, { errors }: Pick<TMessages, 'errors'>) => ({
  id: idOf(name),
  name,
  'aria-invalid': errors[name] ? true : undefined,
  'aria-describedby': `${errorIdOf(name)} ${hintIdOf(name)}`,
});
