import type { ImageType } from './image-type';

/**
 * Uploaded images are decoded and encoded again before they are stored (issue #15), so what is served is pixels the
 * server wrote, never the uploaded bytes: a GIF/JS or PNG/HTML polyglot, a comment or text chunk holding markup,
 * anything after the image's end, and EXIF metadata (a phone photo's GPS position) are all gone. JPEGs are turned
 * upright by their EXIF orientation first, since the orientation tag goes with the rest.
 *
 * sharp (libvips) is loaded on the first upload only: an idle server does not hold it in memory.
 */

/** Larger images (a decompression bomb of a few kB) are refused before they are decoded: 25 megapixels. */
const MAX_PIXELS = 25_000_000;

const SHARP_FORMAT = { png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp' } as const;

type Sharp = typeof import('sharp');
let loaded: Promise<Sharp> | undefined;
function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then((module) => {
    const sharp = module.default;
    // No cache of decoded images between uploads: they are written once and never processed again.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** The image encoded anew in its own format, or undefined when its bytes do not decode as that format. */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<Buffer | undefined> {
  const sharp = await loadSharp();
  const animated = type.ext === 'gif' || type.ext === 'webp';
  try {
    const input = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const { format } = await input.metadata();
    if (format !== SHARP_FORMAT[type.ext]) return undefined;
    switch (type.ext) {
      case 'png':
        return await input.png().toBuffer();
      case 'jpg':
        return await input.rotate().jpeg({ quality: 90 }).toBuffer();
      case 'gif':
        return await input.gif().toBuffer();
      case 'webp':
        return await input.webp({ quality: 90 }).toBuffer();
    }
  } catch {
    return undefined;
  }
}
