import { Switch } from 'antd';
import { type ReactNode, useId } from 'react';

interface TLabelledSwitchProps {
  /** id, checked and onChange come from Form.Item (valuePropName="checked"). */
  id?: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  children: ReactNode;
}

/** A switch with its visible label beside it, tied by `for`, as a form control of its own. */
export function LabelledSwitch({ id, checked = false, onChange, children }: TLabelledSwitchProps) {
  const ownId = useId();
  const switchId = id ?? ownId;
  return (
    <span className="labelled-switch">
      <Switch id={switchId} checked={checked} onChange={(next) => onChange?.(next)} size="small" />
      <label htmlFor={switchId} className="labelled-switch__label">
        {children}
      </label>
    </span>
  );
}
