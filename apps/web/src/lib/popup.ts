import { POPUP_WIDTH } from '@ezrecharge/shared/limits';
import { App } from 'antd';
import { useCallback } from 'react';

/**
 * SPEC.md §8 error popup (width 500) for refused calls (400): most screens show the server's message this way
 * rather than as a toast. Uses antd's context-aware modal, so it follows the theme and the active language.
 */
export function useErrorPopup(): (text: string) => void {
  const { modal } = App.useApp();
  return useCallback(
    (text: string) => {
      modal.error({ title: text, width: POPUP_WIDTH, centered: true });
    },
    [modal],
  );
}
