import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('detectImageType', () => {
  it('recognises PNG, JPEG, GIF 87a/89a and WebP by their first bytes', () => {
    expect(detectImageType(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))?.contentType).toBe('image/png');
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({
      ext: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(detectImageType(bytes('GIF87a', [1, 0, 1, 0]))?.ext).toBe('gif');
    expect(detectImageType(bytes('GIF89a', [1, 0, 1, 0]))?.ext).toBe('gif');
    expect(detectImageType(bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8L'))).toEqual({
      ext: 'webp',
      contentType: 'image/webp',
    });
  });

  it('refuses executables, markup, other RIFF files, truncated signatures and empty input', () => {
    expect(detectImageType(bytes('MZ', [0x90, 0, 3, 0, 0, 0]))).toBeUndefined();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBeUndefined();
    expect(detectImageType(bytes('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(detectImageType(bytes('RIFF', [26, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
    expect(detectImageType(bytes('RIFF', [26, 0, 0, 0], 'WEB'))).toBeUndefined();
    expect(detectImageType(bytes([0x89], 'PNG'))).toBeUndefined();
    expect(detectImageType(bytes('GIF88a'))).toBeUndefined();
    expect(detectImageType(bytes([0xff, 0xd8]))).toBeUndefined();
    expect(detectImageType(new Uint8Array())).toBeUndefined();
  });

  it('does not look for a signature anywhere but the start', () => {
    expect(detectImageType(bytes('xx', [0x89], 'PNG\r\n\x1a\n'))).toBeUndefined();
  });
});
