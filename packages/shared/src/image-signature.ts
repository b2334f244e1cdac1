/**
 * What a file's first bytes say it is, whatever its name or declared type (decision 019). The
 * server stores only JPEG, PNG and WebP; a browser may also draw GIF, BMP and HEIF/AVIF (a
 * phone's photos) before it re-encodes them as a JPEG.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'bmp' | 'heif';

/** How many leading bytes imageFormatOf reads. */
export const IMAGE_SIGNATURE_BYTES = 12;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 2 && ascii(bytes, 0, 2) === 'BM') return 'bmp';
  // ISO base media: a box whose type is ftyp, as HEIC, HEIF and AVIF photos begin.
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && /^(hei[cfsmx]|hev[cx]|mif1|msf1|avif|avis)$/.test(ascii(bytes, 8, 12))) return 'heif';
  return null;
}
