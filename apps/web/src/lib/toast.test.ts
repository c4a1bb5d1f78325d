import { afterEach, describe, expect, it } from 'vitest';
import { setToastBridge, type TToastArgs, toast } from './toast';

afterEach(() => setToastBridge(null));

describe('toast', () => {
  it('shows SPEC.md §9 toasts: top right, 2 s, progress bar, close button, 300 px wide and 500 px for errors', () => {
    const shown: Array<[string, TToastArgs]> = [];
    setToastBridge({
      success: (args) => shown.push(['success', args]),
      error: (args) => shown.push(['error', args]),
    });

    toast.success('Saved');
    toast.error('Failed');

    expect(shown).toEqual([
      [
        'success',
        expect.objectContaining({
          title: 'Saved',
          placement: 'topRight',
          duration: 2,
          showProgress: true,
          closable: true,
          style: { width: 300 },
        }),
      ],
      ['error', expect.objectContaining({ title: 'Failed', style: { width: 500 }, role: 'alert' })],
    ]);
  });

  it('holds toasts raised before the app mounted and shows them once it has', () => {
    toast.error('Too early');
    const shown: string[] = [];
    setToastBridge({ success: (args) => shown.push(args.title), error: (args) => shown.push(args.title) });
    expect(shown).toEqual(['Too early']);
  });
});
