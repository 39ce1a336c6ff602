import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@playhouse/contract/languages';
import { EARLY_TAPS, type FirstScreen, type ServerRenderInput } from '@playhouse/contract/site-page';
import type { App } from '../src/app.ts';
import { createTestApp, DIALECTS, staffAuth } from './support/test-app.ts';

const BOOT = "document.documentElement.dataset.booted = 'yes';";
const CSS = '.app{color:red}';

/** A built player site as Vite lays it out: index.html, entry CSS, catalogues and the manifest. */
function builtSite(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'playhouse-page-')), 'dist');
  mkdirSync(dir);
  for (const language of LANGUAGES.map((l) => l.code.toLowerCase()))
    for (const ns of ['common', 'web', 'lobby']) {
      mkdirSync(path.join(dir, 'assets/locales-test1234', language), { recursive: true });
      writeFileSync(path.join(dir, 'assets/locales-test1234', language, `${ns}.json`), `{"ns":"${ns}"}`);
    }
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'assets/index-abc.css'), CSS);
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
      `<link rel="stylesheet" crossorigin href="/m/assets/index-abc.css">` +
      `<script type="module" crossorigin src="/m/assets/index-main.js"></script>` +
      `<link rel="modulepreload" crossorigin href="/m/assets/react-1.js"></head>` +
      `<body><div id="root"><svg class="boot-splash"></svg></div></body></html>`,
  );
  return dir;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page's first-screen data, parsed as the site parses it. */
function firstScreen(html: string): FirstScreen | undefined {
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
    // Without the site's server build there is no rendered markup: the app renders the page.
    expect(html).toContain('<div id="root"><svg class="boot-splash"></svg></div>');
    expect(html).toContain('<script type="module" crossorigin src="/m/assets/index-main.js">');

    // The same content the API gives a guest, and the first home banner preloaded.
    const api = await app.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=M&language=FR',
    });
    const data = firstScreen(html)!;
    expect(data.language).toBe('FR');
    expect(data.announcements).toEqual(api.json().value);
    const banner = data.announcements!.banners.find((b) => b.groupName === 'm_game')!;
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${banner.url}">`);

    // The hot list and the jackpot pool, as their own routes give them.
    const hot = await app.inject({ url: '/wps/relay/GCSGAME_hotGamesV2?isPlatform=2&language=FR' });
    expect(data.hotGames!.games.length).toBeGreaterThan(0);
    expect(data.hotGames).toEqual(hot.json().value);
    const jackpot = await app.inject({ url: '/wps/game/jackpot' });
    expect(data.jackpot).toEqual(jackpot.json().value);
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
    expect(res.body).not.toContain('LobbyHome');
  });

  it('inlines the entry stylesheet and allows the inline script by its hash alone', async () => {
    const res = await app.inject({ url: '/m/login' });
    expect(res.body).toContain(`<style>${CSS}</style>`);
    expect(res.body).not.toContain('rel="stylesheet"');
    const hash = createHash('sha256').update(BOOT).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    // The page's one inline script, the boot script, and nothing else.
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toMatch(new RegExp(`^script-src 'self' 'sha256-${escapeRegExp(hash)}'$`));
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
    const banner = data.announcements!.banners.find((b) => b.id === created.json().value.id);
    // Stored as the operator wrote it (trimmed), and read back intact from the page.
    expect(banner?.title).toBe(created.json().value.title);
    expect(banner?.title).toContain('</script><script>alert(1)</script><!--');
  });
});

/**
 * Whether every script the browser would run in `html` is allowed by `policy`, as Chromium judges
 * it: inline scripts by the hash of their exact text, scripts with a source by 'self'.
 */
function scriptsAllowed(html: string, policy: string): string[] {
  const scriptSrc = policy.split(';').find((d) => d.startsWith('script-src ')) ?? '';
  const blocked: string[] = [];
  for (const [, attributes = '', source = ''] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes) || attributes.includes('application/json')) continue;
    const hash = createHash('sha256').update(source).digest('base64');
    if (!scriptSrc.includes(`'sha256-${hash}'`)) blocked.push(source.slice(0, 80));
  }
  return blocked;
}

/**
 * The site's server build as the server sees it (apps/web/src/entry-server.tsx renders the real
 * React tree; the browser tests cover that). This one records what it is asked to render. Like
 * React's, its markup for some languages carries inline scripts of its own, different per language.
 */
const SERVER_BUILD = `
export const renders = [];
export async function renderPage(input) {
  renders.push(input);
  if (input.language === 'JA') throw new Error('render failed');
  const reveal = ['AR', 'TY', 'TH', 'ES'].includes(input.language)
    ? '<script>$RC("B:0","S:0","' + input.language + '")</script>' : '';
  return '<link rel="preload" as="image" href="/m/icon.svg"/>' +
    '<div class="app">' + input.language + ' ' + input.path + ' banners:' + input.announcements.banners.length + '</div>' + reveal;
}
export function pageVariant(userAgent) { return /Android/.test(userAgent) ? 'android' : 'other'; }
`;

function builtSiteWithServerBuild(): { dist: string; entry: string } {
  const dist = builtSite();
  const entry = path.join(dist, '..', 'dist-ssr', 'entry-server.js');
  mkdirSync(path.dirname(entry));
  writeFileSync(entry, SERVER_BUILD);
  return { dist, entry };
}

type RenderInput = ServerRenderInput;

describe.each(DIALECTS)("home's first screen rendered on the server (%s)", (dialect) => {
  let app: App;
  let renders: RenderInput[];
  afterEach(() => {
    vi.restoreAllMocks();
  });
  beforeAll(async () => {
    const { dist, entry } = builtSiteWithServerBuild();
    app = await createTestApp(dialect, {}, { webDist: dist });
    renders = ((await import(pathToFileURL(entry).href)) as { renders: RenderInput[] }).renders;
  });

  it("puts a guest's first screen in the page and loads the app once it has painted", async () => {
    const res = await app.inject({
      url: '/m/home',
      headers: { 'accept-language': 'en', 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' },
      remoteAddress: '203.0.113.9',
    });
    const html = res.body;
    expect(html).toMatch(/<html lang="en" dir="ltr" data-ssr="EN">/);
    expect(html).toMatch(/<div id="root"><div class="app">EN \/m\/home banners:\d+<\/div><\/div>/);
    // React's preloads go to the head; the app's module tags leave it for a loader at the end.
    expect(html.indexOf('<link rel="preload" as="image" href="/m/icon.svg"/>')).toBeLessThan(
      html.indexOf('</head>'),
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('type="module"');
    expect(head).not.toContain('modulepreload');
    const loader = /<script>(\(function\(d,w\)[\s\S]*?)<\/script><\/body>/.exec(html)?.[1];
    expect(loader).toContain('requestAnimationFrame');
    // It keeps taps made before the app is ready, for the app to carry out (main.tsx).
    expect(loader).toContain(`w.${EARLY_TAPS}=`);
    for (const file of ['index-main.js', 'react-1.js', 'LobbyHome-xyz.js', 'grid-123.js'])
      expect(loader).toContain(`/m/assets/${file}`);
    const hash = createHash('sha256').update(loader!).digest('base64');
    expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    // The page still carries the content the app hydrates with.
    expect(firstScreen(html)?.language).toBe('EN');

    const input = renders.at(-1)!;
    expect(input.path).toBe('/m/home');
    expect(input.catalogues).toEqual({
      common: { ns: 'common' },
      web: { ns: 'web' },
      lobby: { ns: 'lobby' },
    });
    const carried = firstScreen(html)!;
    expect(input.announcements).toEqual(carried.announcements);
    expect(input.hotGames).toEqual(carried.hotGames);
    expect(input.jackpot).toEqual(carried.jackpot);
    expect(input.status.status).toBe(0);
    // The visitor's address is in no markup, and a render is shared by every visitor.
    expect(input.status.location.ip).toBe('');
  });

  it('renders once per language and user-agent variant, not once per visit', async () => {
    const visit = (userAgent: string, ip: string) =>
      app.inject({
        url: '/m/home',
        headers: { 'accept-language': 'fr', 'user-agent': userAgent },
        remoteAddress: ip,
      });
    const before = renders.length;
    await visit('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', '198.51.100.1');
    await visit('Mozilla/5.0 (Windows NT 10.0)', '198.51.100.2');
    await visit('Mozilla/5.0 (Linux; Android 13)', '198.51.100.3');
    await visit('Mozilla/5.0 (Linux; Android 14)', '198.51.100.4');
    expect(renders.slice(before).map((r) => [r.language, r.userAgent.includes('Android')])).toEqual([
      ['FR', false],
      ['FR', true],
    ]);
  });

  it('starts the jackpot from a figure at most ten seconds old, so stakes do not force new renders', async () => {
    const operator = await app.services.settings.defaultOperator();
    const visit = () =>
      app.inject({ url: '/m/home', headers: { 'accept-language': 'en', 'user-agent': 'test-jackpot' } });
    const first = firstScreen((await visit()).body)!.jackpot!;
    const rendersBefore = renders.length;
    await app.services.jackpot.contribute(operator.id, 1_000_000);
    const soon = await visit();
    expect(firstScreen(soon.body)!.jackpot).toEqual(first);
    expect(renders.length).toBe(rendersBefore);

    const later = Date.now() + 11_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const afterwards = firstScreen((await visit()).body)!.jackpot!;
    const live = (await app.inject({ url: '/wps/game/jackpot' })).json().value;
    expect(Number(afterwards.amount)).toBeGreaterThan(Number(first.amount));
    expect(afterwards.amount).toBe(live.amount);
    expect(renders.length).toBe(rendersBefore + 1);
    expect(renders.at(-1)!.jackpot).toEqual(afterwards);
  });

  it('renders nothing for a visitor the site is closed to, or when rendering fails', async () => {
    const staff = await staffAuth(app);
    const blocked = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: staff,
      payload: { status: { blockedIpRanges: ['192.0.2.0/24'] } },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const closed = await app.inject({
      url: '/m/home',
      headers: { 'accept-language': 'en' },
      remoteAddress: '192.0.2.7',
    });
    expect(closed.body).not.toContain('data-ssr');
    expect(closed.body).toContain('<svg class="boot-splash">');
    expect(closed.body).toContain('<script type="module" crossorigin src="/m/assets/index-main.js">');
    await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: staff,
      payload: { status: { blockedIpRanges: [] } },
    });

    const failed = await app.inject({ url: '/m/home', headers: { 'accept-language': 'ja' } });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).not.toContain('data-ssr');
    expect(firstScreen(failed.body)?.language).toBe('JA');
  });

  it("allows every inline script of every language's pages by its own policy", async () => {
    const staff = await staffAuth(app);
    const before = await app.inject({ url: '/bo/api/settings', headers: staff });
    const { languages } = before.json().value.settings;
    const codes = LANGUAGES.map((l) => l.code);
    const set = await app.inject({
      method: 'PUT',
      url: '/bo/api/settings',
      headers: staff,
      payload: { languages: { supported: codes, default: 'EN' } },
    });
    expect(set.statusCode, set.body).toBe(200);
    let revealed = 0;
    for (const language of codes)
      for (const url of ['/m/home', '/m/login', '/m/mine']) {
        const res = await app.inject({ url, headers: { cookie: `lang=${language}` } });
        expect(res.statusCode).toBe(200);
        const policy = String(res.headers['content-security-policy']);
        expect(scriptsAllowed(res.body, policy), `${language} ${url}`).toEqual([]);
        if (res.body.includes('$RC(')) revealed += 1;
        // Only what the page carries: no hash of another language's scripts.
        const hashes = policy.match(/'sha256-/g)?.length ?? 0;
        expect(hashes, `${language} ${url}`).toBeLessThanOrEqual(3);
      }
    // The languages whose render carries a script of its own were among those checked.
    expect(revealed).toBe(4);
    await app.inject({ method: 'PUT', url: '/bo/api/settings', headers: staff, payload: { languages } });
  });

  it('renders no other page', async () => {
    const before = renders.length;
    const res = await app.inject({ url: '/m/login', headers: { 'accept-language': 'en' } });
    expect(res.body).toContain('<svg class="boot-splash">');
    expect(renders.length).toBe(before);
  });
});
