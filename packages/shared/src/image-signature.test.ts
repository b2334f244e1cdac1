import { describe, expect, it } from 'vitest';
import { imageFormatOf } from './image-signature.ts';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('imageFormatOf: a file is judged by its first bytes', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBP')],
    ['gif', bytes('GIF89a')],
    ['bmp', bytes('BM', [0, 0])],
    ['heif', bytes([0, 0, 0, 24], 'ftypheic')],
    ['heif', bytes([0, 0, 0, 24], 'ftypavif')],
  ])('%s', (format, data) => {
    expect(imageFormatOf(data)).toBe(format);
  });

  it.each([
    ['a PDF', bytes('%PDF-1.4')],
    ['an SVG', bytes('<svg xmlns=')],
    ['an MP4 video', bytes([0, 0, 0, 24], 'ftypisom')],
    ['nothing', bytes()],
  ])('%s is not an image', (_name, data) => {
    expect(imageFormatOf(data)).toBeNull();
  });
});
