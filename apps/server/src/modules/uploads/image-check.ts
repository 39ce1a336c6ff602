import sharp from 'sharp';
import { UPLOAD_MAX_BYTES } from '@playhouse/contract/payments';
import { AppError } from '../../lib/app-error.ts';

/**
 * Checks an uploaded image by its content, never by its name or declared type: the magic bytes must
 * say PNG or JPEG, the decoder must read it whole as that format, and its size must be sane. The image
 * is then re-encoded in the same format, which drops everything but pixels (EXIF, GPS positions,
 * comments, trailing data a polyglot file would hide) and applies the EXIF orientation.
 */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
/** Largest image accepted, in pixels (a 40-megapixel phone photo), and per side. */
const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 12_000;
const MIN_SIDE = 16;

export type ImageType = 'image/png' | 'image/jpeg';

export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.length >= JPEG.length && bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return undefined;
}

export async function checkImage(
  bytes: Buffer,
): Promise<{ contentType: ImageType; data: Buffer; width: number; height: number }> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  const contentType = sniffImage(bytes);
  if (!contentType) throw new AppError('UPLOAD_INVALID');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', sequentialRead: true });
    const meta = await image.metadata();
    const format = contentType === 'image/png' ? 'png' : 'jpeg';
    if (meta.format !== format || !meta.width || !meta.height) throw new Error(`read as ${meta.format}`);
    if (meta.width > MAX_SIDE || meta.height > MAX_SIDE || meta.width < MIN_SIDE || meta.height < MIN_SIDE)
      throw new Error(`unsupported size ${meta.width}x${meta.height}`);
    const encoded = image.rotate();
    const { data, info } = await (
      format === 'png' ? encoded.png({ compressionLevel: 9 }) : encoded.jpeg({ quality: 88, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return { contentType, data, width: info.width, height: info.height };
  } catch (error) {
    throw new AppError('UPLOAD_INVALID', { cause: error });
  }
}
