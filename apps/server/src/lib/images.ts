import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { imageFormatOf, type ImageFormat } from '@portal/shared/image-signature';
import { PICTURE_MAX_SIDE, studentMessages } from '@portal/shared/student-schemas';
import { AppError } from './app-error.ts';

/**
 * Pictures people upload (decision 019): judged by their content, never by their name or
 * declared type, then drawn again as a small JPEG so nothing of the original (metadata,
 * scripts, trailing data, a crafted header) is ever stored or served.
 */

/** A decoded picture larger than this is refused before its pixels are decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_SIDE_IN = 12_000;

/** The formats a picture is stored from: what sharp reads safely and every browser sends. */
const STORED: readonly ImageFormat[] = ['jpeg', 'png', 'webp'];

export interface NormalizedPicture {
  image: Buffer;
  width: number;
  height: number;
  /** A short hash of the stored bytes: the picture's version in its URL and its ETag. */
  version: string;
}

/**
 * Checks an uploaded picture and re-encodes it: a JPEG, PNG or WebP by its bytes, with sane
 * dimensions read from its header, decodable to the end; turned upright, fitted inside
 * 220 × 220 and written as a JPEG without metadata. Anything else is a 400 with a message.
 */
export async function normalizePicture(bytes: Buffer): Promise<NormalizedPicture> {
  const format = imageFormatOf(bytes);
  if (!format || !STORED.includes(format)) throw new AppError(400, 'INVALID_IMAGE', studentMessages.pictureNotAnImage);
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here, so the dimensions can be judged before any is.
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new AppError(400, 'INVALID_IMAGE', studentMessages.pictureUnreadable);
  }
  if (meta.format !== format) throw new AppError(400, 'INVALID_IMAGE', studentMessages.pictureNotAnImage);
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1) throw new AppError(400, 'INVALID_IMAGE', studentMessages.pictureUnreadable);
  if (width > MAX_SIDE_IN || height > MAX_SIDE_IN || width * height > MAX_INPUT_PIXELS) {
    throw new AppError(400, 'IMAGE_TOO_LARGE', studentMessages.pictureTooManyPixels);
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', sequentialRead: true })
      .rotate()
      .resize(PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { image: data, width: info.width, height: info.height, version: createHash('sha256').update(data).digest('base64url').slice(0, 16) };
  } catch {
    throw new AppError(400, 'INVALID_IMAGE', studentMessages.pictureUnreadable);
  }
}
