import type { ATTACHMENT_TYPES } from '@ezrecharge/shared';
import { MSG } from '@ezrecharge/shared';
import { AppError } from '../../infra/http';
import { enforce, type Limit, type RateLimiter } from '../../infra/rate-limit';
import type { UploadStore } from './attachments-store';
import { reencodeImage } from './image-reencode';
import { detectImageType, IMAGE_TYPES, type ImageType } from './image-type';

export const ATTACHMENT_MESSAGES = {
  notImage: MSG.not_image,
  noFile: MSG.no_file,
  malformed: MSG.upload_malformed,
  productForbidden: MSG.product_image_forbidden,
  invalidPath: MSG.invalid_file_path,
  tooLarge: MSG.file_too_large,
} as const;

/** Uploads per user: generous for a person picking an avatar, a wall for a script filling the disk. */
export const UPLOAD_LIMIT: Limit = { name: 'upload', max: 30, windowMs: 10 * 60 * 1000 };

/** The only file_path download accepts: what upload hands out, nothing else (no dots, slashes or encodings). */
export const FILE_PATH_PATTERN = /^(avatar|product)\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/** Longer than any name FILE_PATH_PATTERN accepts; anything longer is refused before it is looked at. */
export const FILE_PATH_MAX = 64;

export const DOWNLOAD_PREFIX = '/api/v1/attachment/download?file_path=';

export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export interface Uploader {
  id: number;
  isSuperuser: boolean;
}

export interface UploadedPart {
  fieldname: string;
  bytes: Buffer;
}

export class AttachmentsService {
  constructor(
    private readonly store: UploadStore,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Checks role and rate limit before the body is read (`readFile` buffers it, throwing 413 past the size
   * limit), then keeps the file only if its bytes are one of the four image formats and decode as such, and
   * stores it encoded anew.
   */
  async upload(
    actor: Uploader,
    type: AttachmentType,
    readFile: () => Promise<UploadedPart | undefined>,
  ): Promise<{ url: string }> {
    if (type === 'product' && !actor.isSuperuser)
      throw AppError.forbidden(ATTACHMENT_MESSAGES.productForbidden);
    await enforce(this.limiter, UPLOAD_LIMIT, `user:${actor.id}`);
    const part = await readFile();
    if (part?.fieldname !== 'file') throw AppError.badRequest(ATTACHMENT_MESSAGES.noFile);
    const image = detectImageType(part.bytes);
    // Stored is the image encoded anew, never the uploaded bytes (see image-reencode.ts).
    const clean = image && (await reencodeImage(part.bytes, image));
    if (!image || !clean) throw AppError.badRequest(ATTACHMENT_MESSAGES.notImage);
    const relative = await this.store.save(type, image.ext, clean);
    return { url: `${DOWNLOAD_PREFIX}${relative}` };
  }

  async download(filePath: string): Promise<{ bytes: Buffer; type: ImageType }> {
    const match = FILE_PATH_PATTERN.exec(filePath);
    const ext = match?.[2];
    if (!ext || !isImageExt(ext)) throw AppError.badRequest(ATTACHMENT_MESSAGES.invalidPath);
    const file = await this.store.read(filePath);
    if (file.kind === 'outside') throw AppError.badRequest(ATTACHMENT_MESSAGES.invalidPath);
    if (file.kind === 'missing') throw AppError.notFound(MSG.file_not_found);
    return { bytes: file.bytes, type: IMAGE_TYPES[ext] };
  }
}

function isImageExt(ext: string): ext is keyof typeof IMAGE_TYPES {
  return Object.hasOwn(IMAGE_TYPES, ext);
}
