import { apiRequest, type TDownloaded, type TQueryValue } from './api-client';

/** Exports stream many rows: give them longer than an ordinary call. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Downloads a file the API answers at `path` (GET with the bearer token, so not a plain link) and hands it to the
 * browser's save dialog under the name the server gave it. Failures go through the API client's handling; the
 * promise rejects with its ApiError.
 */
export async function downloadFile(path: string, query: Record<string, TQueryValue>): Promise<void> {
  saveFile(await apiRequest<TDownloaded>(path, { query, answer: 'file', timeoutMs: DOWNLOAD_TIMEOUT_MS }));
}

/** Saves `file` through a transient link with `download` (the way a page asks the browser to save a blob). */
export function saveFile(file: TDownloaded): void {
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click was handled; ten seconds later it is freed.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
