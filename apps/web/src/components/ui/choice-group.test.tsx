import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceGroup, type TChoiceOption } from './choice-group';

type TSize = 's' | 'm' | 'l';

const SIZES: TChoiceOption<TSize>[] = [
  { value: 's', label: 'Small' },
  { value: 'm', label: 'Medium' },
  { value: 'l', label: 'Large', disabled: true },
];

function Sizes({ onChange, error }: { onChange?: (value: TSize) => void; error?: string }) {
  const [value, setValue] = useState<TSize>('s');
  return (
    <ChoiceGroup<TSize>
      name="size"
      legend="Size"
      options={SIZES}
      value={value}
      error={error}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('ChoiceGroup', () => {
  it('is a radio group named by its legend, with one radio per option', () => {
    render(<Sizes />);
    const group = screen.getByRole('radiogroup', { name: 'Size' });
    expect(group.tagName).toBe('FIELDSET');
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('name'))).toEqual(['size', 'size', 'size']);
    expect(within(group).getByRole('radio', { name: 'Small' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Medium' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Large' })).toBeDisabled();
  });

  it('chooses an option by click and by arrow key, skipping disabled options', async () => {
    const onChange = vi.fn();
    render(<Sizes onChange={onChange} />);
    await userEvent.click(screen.getByText('Medium'));
    expect(onChange).toHaveBeenLastCalledWith('m');
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Small' })).not.toBeChecked();

    await userEvent.click(screen.getByText('Large'));
    expect(onChange).not.toHaveBeenCalledWith('l');

    screen.getByRole('radio', { name: 'Medium' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith('s');
    expect(screen.getByRole('radio', { name: 'Small' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Small' })).toHaveFocus();
  });

  it('shows its error, tied to the group, and marks it invalid', () => {
    render(<Sizes error="Choose a size" />);
    const group = screen.getByRole('radiogroup', { name: 'Size' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose a size');
  });

  it('renders an option through renderOption, knowing whether it is checked', () => {
    render(
      <ChoiceGroup<TSize>
        name="size"
        legend="Size"
        options={SIZES}
        value="m"
        onChange={() => undefined}
        renderOption={(option, { checked }) => `${String(option.label)}${checked ? ' (chosen)' : ''}`}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Medium (chosen)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Small' })).not.toBeChecked();
  });

  it('disables every option when the group is disabled', () => {
    render(
      <ChoiceGroup name="size" legend="Size" options={SIZES} value="s" onChange={() => undefined} disabled />,
    );
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});
