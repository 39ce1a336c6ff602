import { randomInt } from 'node:crypto';
import { encodePng } from './png.ts';

type Point = readonly [number, number];

// Digits as strokes in a 4×6 box. Strokes (not bitmaps) survive rotation, shear and warping smoothly,
// which keeps them readable for people while every glyph renders differently each time.
const GLYPHS: Record<string, Point[][]> = {
  '0': [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 1],
      [1, 0],
    ],
  ],
  '1': [
    [
      [0.8, 1.2],
      [2, 0],
      [2, 6],
    ],
    [
      [0.8, 6],
      [3.2, 6],
    ],
  ],
  '2': [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2.2],
      [0, 6],
      [4, 6],
    ],
  ],
  '3': [
    [
      [0, 0],
      [4, 0],
      [1.8, 2.6],
      [3, 2.6],
      [4, 3.6],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4.2],
      [4.2, 4.2],
    ],
  ],
  '5': [
    [
      [4, 0],
      [0.3, 0],
      [0, 2.7],
      [3, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  '6': [
    [
      [3.5, 0],
      [1.2, 0],
      [0, 1.6],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 3.6],
      [3, 2.6],
      [1, 2.6],
      [0, 3.6],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '8': [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
    ],
    [
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
  ],
  '9': [
    [
      [4, 2.4],
      [3, 3.4],
      [1, 3.4],
      [0, 2.4],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 4.6],
      [2.8, 6],
      [0.6, 6],
    ],
  ],
};

interface Segment {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);

function distanceToSegment(px: number, py: number, s: Segment): number {
  const dx = s.bx - s.ax;
  const dy = s.by - s.ay;
  const len2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((px - s.ax) * dx + (py - s.ay) * dy) / len2));
  return Math.hypot(px - (s.ax + t * dx), py - (s.ay + t * dy));
}

interface Ink {
  segments: Segment[];
  width: number;
  color: [number, number, number];
  /** Bounding box grown by the pen width: pixels outside it are skipped. */
  box?: { x0: number; y0: number; x1: number; y1: number };
}

function withBox(ink: Ink): Ink {
  const pad = ink.width + 1;
  const xs = ink.segments.flatMap((s) => [s.ax, s.bx]);
  const ys = ink.segments.flatMap((s) => [s.ay, s.by]);
  return {
    ...ink,
    box: {
      x0: Math.min(...xs) - pad,
      y0: Math.min(...ys) - pad,
      x1: Math.max(...xs) + pad,
      y1: Math.max(...ys) + pad,
    },
  };
}

/** A random dark, saturated colour: glyphs and noise share the palette so colour filtering fails. */
function inkColour(): [number, number, number] {
  const hue = rand(0, 6);
  const c = [0, 0, 0].map((_, i) => {
    const k = (hue + i * 2) % 6;
    return Math.max(0, Math.min(1, Math.abs(k - 3) - 1));
  });
  return c.map((v) => Math.round(30 + v * 120)) as [number, number, number];
}

/**
 * Draws `code` as a distorted image: glyphs at varied positions, sizes, rotations and shears, a
 * sine warp over the whole picture, crossing noise curves drawn with the glyphs' own pen, and
 * speckles. Returns PNG bytes.
 */
export function drawCaptcha(code: string, width = 180, height = 56): Buffer {
  const inks: Ink[] = [];
  const slot = (width - 20) / code.length;
  for (let i = 0; i < code.length; i++) {
    const strokes = GLYPHS[code[i]!];
    if (!strokes) throw new Error('captcha codes are digits');
    const scale = rand(4.7, 5.8);
    const angle = rand(-0.4, 0.4);
    const shear = rand(-0.3, 0.3);
    const cx = 10 + slot * (i + 0.5) + rand(-slot * 0.1, slot * 0.1);
    const cy = height / 2 + rand(-5, 5);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const map = ([gx, gy]: Point): [number, number] => {
      const x = (gx - 2 + shear * (gy - 3)) * scale;
      const y = (gy - 3) * scale;
      return [cx + x * cos - y * sin, cy + x * sin + y * cos];
    };
    const segments: Segment[] = [];
    for (const stroke of strokes) {
      for (let k = 1; k < stroke.length; k++) {
        const [ax, ay] = map(stroke[k - 1]!);
        const [bx, by] = map(stroke[k]!);
        segments.push({ ax, ay, bx, by });
      }
    }
    inks.push(withBox({ segments, width: rand(1.5, 2.3), color: inkColour() }));
  }

  // Noise curves cross the text with the same stroke width range as the glyphs.
  const curves = randomInt(3, 5);
  for (let n = 0; n < curves; n++) {
    const segments: Segment[] = [];
    const y0 = rand(8, height - 8);
    const amp = rand(4, 14);
    const period = rand(25, 70);
    const phase = rand(0, Math.PI * 2);
    const slope = rand(-0.25, 0.25);
    const x0 = rand(-10, width * 0.3);
    const x1 = rand(width * 0.7, width + 10);
    let prev: [number, number] | undefined;
    for (let x = x0; x <= x1; x += 4) {
      const p: [number, number] = [x, y0 + slope * (x - x0) + amp * Math.sin(x / period + phase)];
      if (prev) segments.push({ ax: prev[0], ay: prev[1], bx: p[0], by: p[1] });
      prev = p;
    }
    inks.push(withBox({ segments, width: rand(0.6, 1.1), color: inkColour() }));
  }

  const warpA = rand(1.5, 3);
  const warpP = rand(12, 22);
  const warpPhase = rand(0, Math.PI * 2);
  const bg0 = [randomInt(215, 250), randomInt(215, 250), randomInt(215, 250)];
  const bg1 = [randomInt(200, 245), randomInt(200, 245), randomInt(200, 245)];
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = x / width;
      let px = [0, 1, 2].map((c) => bg0[c]! * (1 - t) + bg1[c]! * t);
      const sx = x + warpA * Math.sin(y / warpP + warpPhase);
      const sy = y + warpA * Math.sin(x / (warpP * 1.7) + warpPhase * 0.5);
      for (const ink of inks) {
        const b = ink.box!;
        if (sx < b.x0 || sx > b.x1 || sy < b.y0 || sy > b.y1) continue;
        let d = Infinity;
        for (const s of ink.segments) d = Math.min(d, distanceToSegment(sx, sy, s));
        const cover = Math.max(0, Math.min(1, ink.width - d + 0.5));
        if (cover > 0) px = px.map((v, c) => v * (1 - cover) + ink.color[c]! * cover);
      }
      const o = (y * width + x) * 3;
      rgb[o] = px[0]!;
      rgb[o + 1] = px[1]!;
      rgb[o + 2] = px[2]!;
    }
  }
  const speckles = Math.round(width * height * 0.03);
  for (let n = 0; n < speckles; n++) {
    const o = (randomInt(0, height) * width + randomInt(0, width)) * 3;
    const [r, g, b] = randomInt(0, 2) ? inkColour() : [255, 255, 255];
    rgb[o] = r;
    rgb[o + 1] = g;
    rgb[o + 2] = b;
  }
  return encodePng(width, height, rgb);
}
