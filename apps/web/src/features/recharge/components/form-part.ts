import { type FunctionComponent, memo } from 'react';

/**
 * A part of the recharge form drawn again only when what `uses` picks of the form changed (issue #30: a choice draws
 * the fields it changes, not the whole form, on a phone's main thread). `uses` must name everything the part reads
 * of the form; the form's functions keep their identity (use-recharge-form's useStableHandlers).
 */
export function formPart<TForm extends object>(
  part: FunctionComponent<{ form: TForm }>,
  uses: (form: TForm) => readonly unknown[],
) {
  return memo(part, (previous, next) => {
    const before = uses(previous.form);
    const after = uses(next.form);
    return before.length === after.length && before.every((value, i) => Object.is(value, after[i]));
  });
}
