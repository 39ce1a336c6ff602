import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { registerMember } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { baseUrl } from './support/workers.ts';

/**
 * Two brands on one platform (issue 30, decision 039): the demo's first brand on the server's own
 * address and its second, Lucky Star, on brand2.localhost (Chromium resolves *.localhost to the
 * loopback). Each shows its own name, look, languages, games and money, and an account made on one
 * cannot sign in on the other.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];
const auth = (key: string) => text('EN', 'auth', key);
const PASSWORD = 'Harbour7Tangerine';

const brandA = () => baseUrl();
const brandB = () => baseUrl().replace('127.0.0.1', 'brand2.localhost');

async function phone(origin: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  contexts.push(context);
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('__seeded')) {
      localStorage.setItem('language', 'EN');
      sessionStorage.setItem('__seeded', '1');
    }
  });
  return context.newPage();
}

/** A JSON call from the page, to its own origin (the brand its host names). */
const call = <T>(page: Page, method: string, path: string, body?: unknown, token?: string) =>
  page.evaluate(
    async ({ method, path, body, token }) => {
      const res = await fetch(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as { value?: unknown; code?: string } };
    },
    { method, path, body, token },
  ) as Promise<{ status: number; body: { value?: T; code?: string } }>;

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/m/login');
  await page.getByLabel(auth('fields.username'), { exact: true }).fill(username);
  await page.getByLabel(auth('fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('two brands on their own host names', () => {
  it('shows each brand its own name, look, languages, games and money', async () => {
    const a = await phone(brandA());
    const b = await phone(brandB());
    await a.goto('/m/home');
    await b.goto('/m/home');
    await expect.poll(() => a.title()).toMatch(/· Playhouse$/);
    await expect.poll(() => b.title()).toMatch(/· Lucky Star$/);
    // The download bar carries each brand's colour and words.
    const barB = b.locator('.download-bar');
    await barB.waitFor();
    expect(await barB.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 93, 59)');
    expect(await barB.textContent()).toContain('Lucky Star: play in dollars');
    expect(await a.locator('.download-bar').textContent()).not.toContain('Lucky Star');

    type Consolidated = { currency: string; languages: { supported: string[] } };
    const settingsA = (await call<Consolidated>(a, 'GET', '/wps/system/settings/consolidated')).body.value!;
    const settingsB = (await call<Consolidated>(b, 'GET', '/wps/system/settings/consolidated')).body.value!;
    expect(settingsA.currency).toBe('PHP');
    expect(settingsB).toMatchObject({ currency: 'USD', languages: { supported: ['EN', 'TH', 'VI'] } });
    expect(settingsA.languages.supported.length).toBeGreaterThan(3);

    // Lucky Star's shelf has no JILI; the first brand's does.
    type Games = { vassalage?: string; vendor?: string }[];
    const vendors = async (page: Page) => {
      const res = await call<Games>(page, 'GET', '/wps/relay/GCSGAME_hotGamesV2');
      return JSON.stringify(res.body.value);
    };
    expect(await vendors(a)).toContain('JILI');
    expect(await vendors(b)).not.toContain('JILI');
  });

  it('keeps an account to the brand it was made on', async () => {
    // A member of the first brand, made through its API.
    const member = await registerMember('brandA');
    const b = await phone(brandB());
    await signIn(b, member.userName, 'Member-pass-2026');
    await expect
      .poll(() => b.locator('.toast-error').textContent())
      .toBe(text('EN', 'common', 'errors.INVALID_CREDENTIALS'));
    expect(await b.evaluate(() => sessionStorage.getItem('MC_SESSION_INFO'))).toBeNull();

    // A member of Lucky Star, made on its own site, plays in dollars there and is unknown on the first brand.
    const owner = await call<{ token: string }>(b, 'POST', '/bo/api/session', {
      username: 'admin',
      password: inject('adminPassword'),
    });
    const staff = owner.body.value!.token;
    await call(b, 'PUT', '/bo/api/settings', { register: { captcha: { enabled: false } } }, staff);
    const username = `star${Date.now().toString(36)}`;
    await b.goto('/m/register');
    await b.getByRole('tab', { name: auth('tabs.username') }).click();
    await b.getByLabel(auth('fields.username'), { exact: true }).fill(username);
    await b.getByLabel(auth('fields.password'), { exact: true }).fill(PASSWORD);
    await b.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill(PASSWORD);
    await b.getByRole('checkbox', { name: auth('register.disclaimer').replace('{{age}}', '18') }).check();
    await b.getByRole('button', { name: auth('register.submit'), exact: true }).click();
    await b.waitForURL('**/m/home');
    await expect.poll(() => b.locator('.header-member .member-name-text').textContent()).toBe(username);
    await expect.poll(() => b.locator('.header-member .balance').textContent()).toContain('$');
    // The first brand's staff cannot reach Lucky Star's back office with its token, nor the other way.
    const onA = await phone(brandA());
    await onA.goto('/m/home');
    expect((await call(onA, 'GET', '/bo/api/settings', undefined, staff)).status).toBe(403);
    await signIn(onA, username, PASSWORD);
    await expect
      .poll(() => onA.locator('.toast-error').textContent())
      .toBe(text('EN', 'common', 'errors.INVALID_CREDENTIALS'));
  });

  it('answers a host no brand names with a plain page saying so', async () => {
    const page = await phone(baseUrl().replace('127.0.0.1', 'nobody.localhost'));
    const res = await page.goto('/m/home');
    expect(res?.status()).toBe(404);
    expect(await page.locator('main').textContent()).toBe(text('EN', 'common', 'errors.SITE_UNAVAILABLE'));
  });
});
