import { apiRequest, type TQueryValue } from './api-client';

/** A file an API call answered: its bytes and the name the server gave it. */
export interface TDownloaded {
  name: string;
  blob: Blob;
}

/** The file name of a Content-Disposition header (`attachment; filename="orders-20261121-1803.csv"`). */
export function dispositionFilename(header: string | null): string | undefined {
  const match = /filename="([^"]+)"/i.exec(header ?? '') ?? /filename=([^;\s]+)/i.exec(header ?? '');
  return match?.[1];
}

/** A successful answer as a file: the bytes as they came, named as its Content-Disposition says (else `download`). */
export async function fileOf(response: Response): Promise<TDownloaded> {
  const blob = await response.blob();
  return { name: dispositionFilename(response.headers.get('content-disposition')) ?? 'download', blob };
}

/** Exports stream many rows: give them longer than an ordinary call. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Downloads a file the API answers at `path` (GET with the bearer token, so not a plain link) and hands it to the
 * browser's save dialog under the name the server gave it. Failures go through the API client's handling; the
 * promise rejects with its ApiError.
 */
export async function downloadFile(path: string, query: Record<string, TQueryValue>): Promise<void> {
  saveFile(await apiRequest<TDownloaded>(path, { query, read: fileOf, timeoutMs: DOWNLOAD_TIMEOUT_MS }));
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
