import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROME_FLAGS, startServer } from './support.ts';

/**
 * Builds the player site and prints the gzipped bytes of JavaScript and CSS that /m/home loads:
 * 1. initial: the entry script, every module it preloads and every stylesheet index.html links —
 *    what must arrive before the page can render (target: JavaScript under 120 KB gzipped);
 * 2. by network idle: everything a phone-sized Chromium actually fetches for /m/home as a guest, lazy
 *    chunks and catalogues included, so lazy loading cannot hide weight.
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
if (!process.argv.includes('--no-build'))
  execSync('npm run build -w @playhouse/web', { cwd: root, stdio: 'ignore' });

const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const kindOf = (href: string) => (href.endsWith('.css') ? 'css' : 'js');

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"[^>]*>/g)]
  .map((m) => m[1]!)
  .filter((href) => /\.(m?js|css)$/.test(href));
const initial = [...new Set(refs)].map((href) => {
  const raw = readFileSync(path.join(dist, href.replace(/^\/m\//, '')));
  return { href, kind: kindOf(href), raw: raw.length, gzip: gz(raw) };
});
const sum = (files: typeof initial, kind: string, key: 'raw' | 'gzip') =>
  files.filter((f) => f.kind === kind).reduce((n, f) => n + f[key], 0);

console.info('initial (index.html and its preloads):');
for (const f of initial)
  console.info(`  ${f.kind.padEnd(4)} ${kb(f.gzip).padStart(9)} gz  ${kb(f.raw).padStart(9)} raw  ${f.href}`);
console.info(
  `home JS (initial):      ${kb(sum(initial, 'js', 'gzip'))} gzipped (${kb(sum(initial, 'js', 'raw'))} raw), target < 120 KB`,
);
console.info(`home CSS (initial):     ${kb(sum(initial, 'css', 'gzip'))} gzipped`);

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS });
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const fetched: { href: string; kind: string; raw: number; gzip: number }[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!/\.(m?js|css)$/.test(url.pathname)) return;
    void res
      .body()
      .then((body) =>
        fetched.push({ href: url.pathname, kind: kindOf(url.pathname), raw: body.length, gzip: gz(body) }),
      );
  });
  await page.goto(`${server.url}/m/home`, { waitUntil: 'networkidle' });
  console.info(
    `home JS (network idle): ${kb(sum(fetched, 'js', 'gzip'))} gzipped in ${fetched.filter((f) => f.kind === 'js').length} files (${kb(sum(fetched, 'js', 'raw'))} raw)`,
  );
  console.info(`home CSS (network idle): ${kb(sum(fetched, 'css', 'gzip'))} gzipped`);
} finally {
  await browser.close();
  await server.stop();
}
