/**
 * Recognises the four image formats uploads may have by their first bytes (magic numbers), never by file name or
 * declared content type: a renamed executable or an SVG/HTML file is not an image here.
 */
export interface ImageType {
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
}

export const IMAGE_TYPES = {
  png: { ext: 'png', contentType: 'image/png' },
  jpg: { ext: 'jpg', contentType: 'image/jpeg' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
} as const satisfies Record<ImageType['ext'], ImageType>;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = [...Buffer.from('GIF87a')];
const GIF89A = [...Buffer.from('GIF89a')];
const RIFF = [...Buffer.from('RIFF')];
const WEBP = [...Buffer.from('WEBP')];

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, PNG)) return IMAGE_TYPES.png;
  if (startsWith(bytes, JPEG)) return IMAGE_TYPES.jpg;
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return IMAGE_TYPES.gif;
  // RIFF <4-byte little-endian size> WEBP
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return IMAGE_TYPES.webp;
  return undefined;
}
