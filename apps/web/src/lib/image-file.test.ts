import { describe, expect, it } from 'vitest';
import { checkImageFile, imageKind, imageProblem, MAX_IMAGE_BYTES } from './image-file.ts';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const gif = new TextEncoder().encode('GIF89a..');

describe('imageKind', () => {
  it('knows PNG and JPEG by their first bytes', () => {
    expect(imageKind(png)).toBe('png');
    expect(imageKind(jpeg)).toBe('jpeg');
    expect(imageKind(gif)).toBeUndefined();
    expect(imageKind(new Uint8Array())).toBeUndefined();
    expect(imageKind(png.slice(0, 4))).toBeUndefined();
  });
});

describe('imageProblem', () => {
  it('takes a PNG or JPEG up to 5 MB', () => {
    expect(imageProblem(png, 1)).toBeUndefined();
    expect(imageProblem(jpeg, MAX_IMAGE_BYTES)).toBeUndefined();
  });
  it('refuses an empty file, another type and anything over 5 MB', () => {
    expect(imageProblem(png, 0)).toBe('empty');
    expect(imageProblem(gif, 100)).toBe('type');
    expect(imageProblem(jpeg, MAX_IMAGE_BYTES + 1)).toBe('size');
  });
  it('judges a file by its content, not its name', async () => {
    const renamed = new File([gif], 'receipt.png', { type: 'image/png' });
    expect(await checkImageFile(renamed)).toBe('type');
    expect(await checkImageFile(new File([png, new Uint8Array(100)], 'x.bin'))).toBeUndefined();
  });
});
