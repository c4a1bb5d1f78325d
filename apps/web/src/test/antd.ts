import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until no antd Spin is spinning: while a Table loads, its overlay takes no pointer events, so a click on the
 * pager would hit nothing — a person waits for the rows, and so do the tests.
 */
export async function waitForTableIdle(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
}
