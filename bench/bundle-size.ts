import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Builds the player site and prints the gzipped bytes of JavaScript and CSS that /m/home loads before
 * interaction: the entry script, every module it preloads and every stylesheet index.html links.
 * Lazy route chunks load later and are not counted. Target: JavaScript under 120 KB gzipped.
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
if (!process.argv.includes('--no-build'))
  execSync('npm run build -w @playhouse/web', { cwd: root, stdio: 'ignore' });

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"[^>]*>/g)]
  .map((m) => m[1]!)
  .filter((href) => /\.(m?js|css)$/.test(href));
const files = [...new Set(refs)].map((href) => {
  const file = path.join(dist, href.replace(/^\/m\//, ''));
  const raw = readFileSync(file);
  return {
    href,
    kind: href.endsWith('.css') ? 'css' : 'js',
    raw: raw.length,
    gzip: gzipSync(raw, { level: 9 }).length,
  };
});
const sum = (kind: string, key: 'raw' | 'gzip') =>
  files.filter((f) => f.kind === kind).reduce((n, f) => n + f[key], 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const f of files)
  console.info(`${f.kind.padEnd(4)} ${kb(f.gzip).padStart(9)} gz  ${kb(f.raw).padStart(9)} raw  ${f.href}`);
console.info(`home JS:  ${kb(sum('js', 'gzip'))} gzipped (${kb(sum('js', 'raw'))} raw), target < 120 KB`);
console.info(`home CSS: ${kb(sum('css', 'gzip'))} gzipped (${kb(sum('css', 'raw'))} raw)`);
