import { MAX_UPLOAD_BYTES } from '@ezrecharge/shared/limits';
import { api } from './api-client';

/** Image types the avatar and product pickers offer; the server checks the content as well (DESIGN.md §9). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export type TImageProblem = 'not_image' | 'too_large';

/** Why a picked file cannot be uploaded as an image, or null when it can. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): TImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'not_image';
  if (file.size > MAX_UPLOAD_BYTES) return 'too_large';
  return null;
}

function readUrl(data: unknown): string {
  if (typeof data === 'object' && data !== null) {
    const url = (data as Record<string, unknown>).url;
    if (typeof url === 'string' && url) return url;
  }
  throw new Error('the upload answered without a url');
}

/** POST /api/v1/attachment/uploadfile/?attachment_type=…: multipart `file`; resolves to the URL to show it. */
export async function uploadAttachment(
  file: File,
  attachmentType: 'avatar' | 'product',
  signal?: AbortSignal,
): Promise<string> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await api.post<unknown>('/api/v1/attachment/uploadfile/', {
    query: { attachment_type: attachmentType },
    multipart: body,
    signal,
  });
  return readUrl(response.data);
}
