import sharp from 'sharp';
import { boundedMemo } from '../../lib/bounded-memo.ts';

/**
 * Turns generated SVG artwork into pictures the browser decodes off its main thread.
 *
 * A browser renders every `<img>` SVG as a small document of its own on the page's main thread
 * (parse, style, text shaping with font fallback, paint); a lobby screen shows thirty of them at once
 * and they were the largest block of main-thread work on a phone (decision 010). WebP and PNG are
 * decoded on the image threads instead, and the WebP tiles are about as small as the SVGs were.
 *
 * Rendering is done once per picture and kept (the same code always draws the same picture):
 * at most `LIMIT` pictures of a few kilobytes each, the oldest dropped first. Concurrent requests
 * for a picture not yet rendered share one rendering.
 */
export type RasterFormat = 'webp' | 'png';
export type ArtFormat = 'svg' | RasterFormat;

export const ART_MEDIA_TYPES: Record<ArtFormat, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  webp: 'image/webp',
  png: 'image/png',
};

const LIMIT = 4000;
const rendered = boundedMemo<string, Promise<Buffer>>(LIMIT);

// The pictures are remembered here, so libvips need not keep its own copies of them.
sharp.cache(false);
// One thread per picture and one picture at a time: a first visit asks for dozens at once, and each
// rendering holds one of Node's few worker threads, which the file reads and compression of every
// other answer also wait for.
sharp.concurrency(1);
const MAX_RENDERING = 1;
let rendering = 0;
const waiting: (() => void)[] = [];

async function render(svg: string, format: RasterFormat): Promise<Buffer> {
  if (rendering >= MAX_RENDERING) await new Promise<void>((resolve) => waiting.push(resolve));
  rendering++;
  try {
    const image = sharp(Buffer.from(svg), { density: 72 });
    return await (format === 'webp'
      ? image.webp({ quality: 78, effort: 4 }).toBuffer()
      : image.png({ palette: true, compressionLevel: 9 }).toBuffer());
  } finally {
    rendering--;
    waiting.shift()?.();
  }
}

/** The picture for `svg` in `format`; `key` names the SVG (its content hash). */
export function rasterize(svg: string, format: RasterFormat, key: string): Promise<Buffer> {
  const memoKey = `${format}:${key}`;
  let picture = rendered.get(memoKey);
  if (!picture) {
    picture = render(svg, format);
    rendered.set(memoKey, picture);
    // A failed rendering is not remembered: the next request tries again.
    picture.catch(() => rendered.delete(memoKey));
  }
  return picture;
}
