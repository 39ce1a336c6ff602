import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementList } from '@playhouse/contract/content';
import type { App } from '../src/app.ts';
import { createTestApp, DIALECTS, staffAuth } from './support/test-app.ts';

const BOOT = "document.documentElement.dataset.booted = 'yes';";
const CSS = '.app{color:red}';

/** A built player site as Vite lays it out: index.html, entry CSS, catalogues and the manifest. */
function builtSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'playhouse-page-'));
  mkdirSync(path.join(dir, 'assets/locales-test1234/en'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'assets/index-abc.css'), CSS);
  writeFileSync(path.join(dir, 'assets/locales-test1234/en/common.json'), '{}');
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-main.js', isEntry: true },
      'src/features/lobby/pages/LobbyHome.tsx': {
        file: 'assets/LobbyHome-xyz.js',
        imports: ['index.html', '_grid-123.js'],
      },
      '_grid-123.js': { file: 'assets/grid-123.js' },
    }),
  );
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>player site</title><script>${BOOT}</script>` +
      `<link rel="stylesheet" crossorigin href="/m/assets/index-abc.css"></head>` +
      `<body><div id="root"></div><script type="module" src="/m/assets/index-main.js"></script></body></html>`,
  );
  return dir;
}

/** The page's first-screen data, parsed as the site parses it. */
function firstScreen(html: string): { language: string; announcements: AnnouncementList } | undefined {
  const match = /<script type="application\/json" id="first-screen">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe.each(DIALECTS)("the player site's page (%s)", (dialect) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(dialect, {}, { webDist: builtSite() });
  });

  it("gives home the strings, first-screen script, first banner and lobby content of the visitor's language", async () => {
    const res = await app.inject({
      url: '/m/home',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('accept-language');
    const html = res.body;
    for (const ns of ['common', 'web', 'lobby'])
      expect(html).toContain(
        `<link rel="preload" as="fetch" crossorigin href="/m/assets/locales-test1234/fr/${ns}.json">`,
      );
    expect(html).toContain('<link rel="modulepreload" href="/m/assets/LobbyHome-xyz.js">');
    expect(html).toContain('<link rel="modulepreload" href="/m/assets/grid-123.js">');
    expect(html).not.toContain('modulepreload" href="/m/assets/index-main.js"');

    // The same content the API gives a guest, and the first home banner preloaded.
    const api = await app.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=M&language=FR',
    });
    const data = firstScreen(html)!;
    expect(data.language).toBe('FR');
    expect(data.announcements).toEqual(api.json().value);
    const banner = data.announcements.banners.find((b) => b.groupName === 'm_game')!;
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${banner.url}">`);
  });

  it('follows the language cookie the site sets, and ignores one the operator does not offer', async () => {
    const chosen = await app.inject({
      url: '/m/home',
      headers: { 'accept-language': 'fr', cookie: 'theme=dark; lang=AR' },
    });
    expect(firstScreen(chosen.body)!.language).toBe('AR');
    expect(chosen.body).toContain('/m/assets/locales-test1234/ar/web.json');
    const unknown = await app.inject({
      url: '/m/home',
      headers: { 'accept-language': 'ja', cookie: 'lang=XX' },
    });
    expect(firstScreen(unknown.body)!.language).toBe('JA');
  });

  it('gives other pages only their strings', async () => {
    const res = await app.inject({ url: '/m/login', headers: { 'accept-language': 'en' } });
    expect(res.body).toContain('/m/assets/locales-test1234/en/common.json');
    expect(res.body).not.toContain('lobby.json');
    expect(res.body).not.toContain('first-screen');
    expect(res.body).not.toContain('modulepreload');
  });

  it('inlines the entry stylesheet and allows the inline script by its hash alone', async () => {
    const res = await app.inject({ url: '/m/login' });
    expect(res.body).toContain(`<style>${CSS}</style>`);
    expect(res.body).not.toContain('rel="stylesheet"');
    const hash = createHash('sha256').update(BOOT).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    // Every other response keeps the plain policy.
    const api = await app.inject({ url: '/wps/system/status' });
    expect(String(api.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('compresses the page for browsers that accept it', async () => {
    const plain = await app.inject({ url: '/m/home', headers: { 'accept-language': 'en' } });
    const br = await app.inject({
      url: '/m/home',
      headers: { 'accept-language': 'en', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({
      url: '/m/home',
      headers: { 'accept-language': 'en', 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it("keeps operator content from breaking out of the page's data", async () => {
    const staff = await staffAuth(app);
    const title = '</script><script>alert(1)</script><!-- \u2028';
    const created = await app.inject({
      method: 'POST',
      url: '/bo/api/content/banners',
      headers: staff,
      payload: {
        groupName: 'm_game',
        title,
        url: '/lgw/art/banners/brand-new.svg?a=1&b=2',
        sequence: 0,
        actionType: 'ROUTE',
        actionTarget: '/m/activity',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const html = (await app.inject({ url: '/m/home', headers: { 'accept-language': 'en' } })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- ');
    const data = firstScreen(html)!;
    const banner = data.announcements.banners.find((b) => b.id === created.json().value.id);
    // Stored as the operator wrote it (trimmed), and read back intact from the page.
    expect(banner?.title).toBe(created.json().value.title);
    expect(banner?.title).toContain('</script><script>alert(1)</script><!--');
  });
});
