/**
 * Checks an image the member is about to upload (a deposit receipt, an identity document) before it
 * leaves the phone: PNG or JPEG by its first bytes, not its name, and at most 5 MB (spec §5). The
 * server checks again; this only spares the member a long upload that would be refused.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/png,image/jpeg';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

export type ImageKind = 'png' | 'jpeg';
export type ImageProblem = 'empty' | 'type' | 'size';

/** The image type the bytes begin with, or undefined for anything else. */
export function imageKind(head: Uint8Array): ImageKind | undefined {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts(PNG)) return 'png';
  if (starts(JPEG)) return 'jpeg';
  return undefined;
}

/** What is wrong with a file of `size` bytes that begins with `head`, or undefined when it will do. */
export function imageProblem(head: Uint8Array, size: number): ImageProblem | undefined {
  if (size === 0) return 'empty';
  if (!imageKind(head)) return 'type';
  if (size > MAX_IMAGE_BYTES) return 'size';
  return undefined;
}

/** Reads a file's first bytes and judges it (browser File or Blob). */
export async function checkImageFile(file: Blob): Promise<ImageProblem | undefined> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return imageProblem(head, file.size);
}
