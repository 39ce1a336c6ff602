import { hashString, seededRandom } from './catalogue-data.ts';

/*
 * Original artwork generated from a code: gradients, shapes, a glyph and the name, as small SVGs.
 * The same code always draws the same picture, so the images cache for a year.
 */

export const GAME_ART_SIZE = 240;
export const BANNER_ART = { width: 750, height: 300 } as const;
export const POSTER_ART = { width: 600, height: 800 } as const;

const GLYPHS = ['★', '♦', '♣', '♠', '♥', '☀', '☾', '✦', '❖', '♛', '⚓', '✿', '☘', '♞', '◆', '✶', '❂', '✹'];

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a name into at most `maxLines` lines of about `width` characters, ellipsis when cut. */
export function wrapWords(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

function palette(rand: () => number) {
  const hue = Math.floor(rand() * 360);
  const shift = 30 + Math.floor(rand() * 120);
  return {
    from: `hsl(${hue} 72% 52%)`,
    to: `hsl(${(hue + shift) % 360} 70% 22%)`,
    accent: `hsl(${(hue + 180) % 360} 85% 65%)`,
  };
}

function shapes(rand: () => number, width: number, height: number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = Math.round(rand() * width);
    const y = Math.round(rand() * height);
    const size = Math.round((0.08 + rand() * 0.3) * Math.min(width, height));
    const opacity = (0.08 + rand() * 0.22).toFixed(2);
    const kind = Math.floor(rand() * 3);
    if (kind === 0) out.push(`<circle cx="${x}" cy="${y}" r="${size}" fill="#fff" opacity="${opacity}"/>`);
    else if (kind === 1)
      out.push(
        `<rect x="${Math.round(x - size / 2)}" y="${Math.round(y - size / 2)}" width="${size}" height="${size}" rx="${Math.round(size / 6)}" transform="rotate(${Math.round(rand() * 90)} ${x} ${y})" fill="#fff" opacity="${opacity}"/>`,
      );
    else
      out.push(
        `<path d="M${x} ${y - size}L${x + size} ${y + size}L${x - size} ${y + size}Z" fill="#000" opacity="${opacity}"/>`,
      );
  }
  return out.join('');
}

/** A square game tile: gradient, shapes, a glyph, the vendor code and the game name. */
export function gameArt(code: string, name: string, vendor: string): string {
  const rand = seededRandom(hashString(`art:${code}`));
  const s = GAME_ART_SIZE;
  const p = palette(rand);
  const glyph = GLYPHS[Math.floor(rand() * GLYPHS.length)]!;
  const lines = wrapWords(name, 16, 2);
  const textY = s - 18 - (lines.length - 1) * 22;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".75"/></linearGradient></defs>` +
    `<rect width="${s}" height="${s}" fill="url(#g)"/>${shapes(rand, s, s, 5)}` +
    `<circle cx="${s / 2}" cy="${Math.round(s * 0.4)}" r="${Math.round(s * 0.24)}" fill="${p.accent}" opacity=".35"/>` +
    `<text x="${s / 2}" y="${Math.round(s * 0.4)}" font-size="${Math.round(s * 0.32)}" text-anchor="middle" dominant-baseline="central" fill="#fff" font-family="DejaVu Sans,Segoe UI Symbol,sans-serif">${glyph}</text>` +
    `<rect y="${Math.round(s * 0.58)}" width="${s}" height="${Math.round(s * 0.42)}" fill="url(#b)"/>` +
    `<text x="12" y="24" font-size="14" font-weight="700" fill="#fff" opacity=".85" font-family="Arial,Helvetica,sans-serif">${escapeXml(vendor)}</text>` +
    lines
      .map(
        (line, i) =>
          `<text x="${s / 2}" y="${textY + i * 22}" font-size="19" font-weight="700" text-anchor="middle" fill="#fff" font-family="Arial,Helvetica,sans-serif">${escapeXml(line)}</text>`,
      )
      .join('') +
    `</svg>`
  );
}

/** A vendor logo plate (200×80). */
export function vendorArt(code: string, name: string): string {
  const rand = seededRandom(hashString(`vendor:${code}`));
  const p = palette(rand);
  const label = name.length > 14 ? code : name;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" viewBox="0 0 200 80" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>` +
    `<rect width="200" height="80" rx="14" fill="url(#g)"/>${shapes(rand, 200, 80, 3)}` +
    `<text x="100" y="40" font-size="${label.length > 9 ? 20 : 28}" font-weight="800" text-anchor="middle" dominant-baseline="central" fill="#fff" font-family="Arial,Helvetica,sans-serif" letter-spacing="1">${escapeXml(label)}</text>` +
    `</svg>`
  );
}

/** Turns an art slug (`weekend-reload-bonus`) into its headline. */
export function slugTitle(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.toUpperCase())
    .join(' ');
}

/** A promotional picture whose headline is the slug's words: banner (landscape) or poster (portrait). */
export function promoArt(slug: string, shape: 'banner' | 'poster'): string {
  const rand = seededRandom(hashString(`promo:${slug}`));
  const { width: w, height: h } = shape === 'banner' ? BANNER_ART : POSTER_ART;
  const p = palette(rand);
  const title = slugTitle(slug);
  const lines = wrapWords(title, shape === 'banner' ? 18 : 12, 3);
  const size = shape === 'banner' ? 46 : 58;
  const startY = Math.round(h / 2 - ((lines.length - 1) * size * 1.1) / 2);
  const glyph = GLYPHS[Math.floor(rand() * GLYPHS.length)]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(title)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes(rand, w, h, 9)}` +
    `<text x="${Math.round(w * 0.85)}" y="${Math.round(h * 0.3)}" font-size="${Math.round(h * 0.4)}" text-anchor="middle" dominant-baseline="central" fill="${p.accent}" opacity=".5" font-family="DejaVu Sans,Segoe UI Symbol,sans-serif">${glyph}</text>` +
    lines
      .map(
        (line, i) =>
          `<text x="${w / 2}" y="${Math.round(startY + i * size * 1.1)}" font-size="${size}" font-weight="900" text-anchor="middle" dominant-baseline="central" fill="#fff" stroke="#000" stroke-opacity=".25" stroke-width="2" font-family="Arial,Helvetica,sans-serif">${escapeXml(line)}</text>`,
      )
      .join('') +
    `</svg>`
  );
}
