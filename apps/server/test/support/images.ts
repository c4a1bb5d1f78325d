import { crc32 } from 'node:zlib';

/** Tiny valid images (1×1 pixel) as bytes, and non-images dressed up as images, for upload tests. */
export const IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpg: Buffer.from(
    '/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkF' +
      'BQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAA' +
      'AAAAAAAAAAAAAAAAAAn/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAM' +
      'AwEAAhEDEQA/AKpgA//Z',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
} as const;

export const CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

/** The start of a Windows executable (DOS "MZ" header and stub text). */
export const EXE = Buffer.concat([
  Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]),
  Buffer.from('This program cannot be run in DOS mode.\r\n'),
]);

const MARKUP = '<script>alert(document.domain)</script>';

/** A PNG chunk with its CRC (PNG spec §5.3). */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * Valid images that are also something else: markup in a text chunk, a comment or after the image's end (the
 * polyglots of the attack run). Browsers and decoders show them as images; served as uploaded, they would carry
 * the markup and script to anyone who fetches them.
 */
export const POLYGLOTS = {
  // tEXt chunk before IEND, HTML after it.
  png: Buffer.concat([
    IMAGES.png.subarray(0, IMAGES.png.length - 12),
    pngChunk('tEXt', Buffer.from(`Comment\0${MARKUP}`, 'latin1')),
    IMAGES.png.subarray(IMAGES.png.length - 12),
    Buffer.from(`<html>${MARKUP}</html>`),
  ]),
  // A COM segment after SOI, script after EOI.
  jpg: Buffer.concat([
    IMAGES.jpg.subarray(0, 2),
    Buffer.from([0xff, 0xfe, 0x00, MARKUP.length + 2]),
    Buffer.from(MARKUP),
    IMAGES.jpg.subarray(2),
    Buffer.from(MARKUP),
  ]),
  // A comment extension after the global colour table (6 + 7 + 2×3 bytes), JavaScript after the trailer.
  gif: Buffer.concat([
    IMAGES.gif.subarray(0, 19),
    Buffer.from([0x21, 0xfe, MARKUP.length]),
    Buffer.from(MARKUP),
    Buffer.from([0x00]),
    IMAGES.gif.subarray(19),
    Buffer.from(`=1;${MARKUP}`),
  ]),
} as const;
