import userEvent from '@testing-library/user-event';

/**
 * Types `text` into a field the way a paste does (one input event), after focusing it. Typing key by key through
 * antd's validated fields is slow in jsdom; what the tests check is the form's behaviour, not the keyboard.
 */
export async function fill(field: HTMLElement, text: string): Promise<void> {
  await userEvent.click(field);
  await userEvent.paste(text);
}
