import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  patchSettings,
  registerMember,
  signedInStorage,
  staffToken,
  type MemberSession,
} from './support/api.ts';
import { launchBrowser, newPhone, type PhoneOptions } from './support/browser.ts';
import { text } from './support/catalogue.ts';

let browser: Browser;
let member: MemberSession;
let savedLanguages: unknown;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await registerMember('first');
  const token = await staffToken();
  const { body } = await api<{ settings: { languages: unknown } }>('GET', '/bo/api/settings', { token });
  savedLanguages = body.value!.settings.languages;
  await patchSettings(token, { languages: { supported: ['EN', 'TY', 'AR'], default: 'EN' } });
});
afterAll(async () => {
  // Later files read the site in other languages: leave the operator's languages as they were.
  await patchSettings(await staffToken(), { languages: savedLanguages });
  await browser?.close();
});

/** A phone whose page records every error it reports. */
async function watchedPhone(options: PhoneOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const { page } = await newPhone(browser, options);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    const source = message.location().url;
    if (message.type() === 'error') errors.push(`${message.text()} (${source})`);
  });
  return { page, errors };
}

/**
 * Holds back the app's script until `release` is called, so a test can look at the server's page
 * before the app has taken it over.
 */
async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/m\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const menuButton = (page: Page, language = 'EN') =>
  page.getByRole('button', { name: text(language, 'web', 'header.openMenu'), exact: true });

describe('home as the server renders it', () => {
  it('shows a guest the first screen with no script at all', async () => {
    const { page } = await newPhone(browser, { javaScript: false });
    await page.goto('/m/home');
    const banner = page.locator('.banner-carousel .banner-slide img').first();
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.getAttribute('src')).toMatch(/^\/lgw\/art\/banners\/.+\.webp$/);
    expect(await page.getByRole('link', { name: text('EN', 'web', 'header.login') }).isVisible()).toBe(true);
    expect(await page.locator('[data-section="hot"] h2').textContent()).toContain(
      text('EN', 'lobby', 'sections.hot'),
    );
    await page.context().close();
  });

  it('is taken over in place by the app, without errors, and then responds to taps', async () => {
    const { page, errors } = await watchedPhone();
    const release = await holdAppScript(page);
    await page.goto('/m/home', { waitUntil: 'domcontentloaded' });
    const banner = page.locator('.banner-slide img').first();
    // Marked before the app runs: hydration keeps the server's elements, a fresh render would not.
    await banner.evaluate((img) => Object.assign(img, { fromServer: true }));
    release();
    // Hot games are fetched once the app runs (the server's page has their skeletons).
    await page.locator('[data-section="hot"] .game-tile:not(.skeleton-tile)').first().waitFor();
    await menuButton(page).click();
    await page.locator('.side-menu').waitFor();
    expect(
      await banner.evaluate((img) => (img as HTMLImageElement & { fromServer?: boolean }).fromServer),
    ).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('carries out a tap made before the app was ready, once it is', async () => {
    const { page, errors } = await watchedPhone();
    const release = await holdAppScript(page);
    await page.goto('/m/home', { waitUntil: 'domcontentloaded' });
    await menuButton(page).click();
    expect(await page.locator('.side-menu').count()).toBe(0);
    release();
    await page.locator('.side-menu').waitFor();
    // Once the app runs, taps are its own: a second one closes the menu as usual.
    await page.locator('.backdrop').click({ position: { x: 380, y: 400 } });
    await page.locator('.side-menu').waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("renders a member's own home, never showing them the guest's", async () => {
    const { page, errors } = await watchedPhone({ storage: signedInStorage(member) });
    const release = await holdAppScript(page);
    await page.goto('/m/home', { waitUntil: 'domcontentloaded' });
    // The guest's markup is there but hidden until the app has rendered the member's page.
    expect(await page.locator('.app-header').count()).toBe(1);
    expect(await page.locator('.app-header').isVisible()).toBe(false);
    release();
    await page.locator('[data-section="favourites"]').waitFor();
    expect(await page.locator('.app-header').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: text('EN', 'web', 'header.login') }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('renders afresh in the stored language when the server guessed another', async () => {
    const { page, errors } = await watchedPhone({ locale: 'en-US', storage: { language: 'AR' } });
    await page.goto('/m/home');
    await menuButton(page, 'AR').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.locator('[data-section="hot"] h2').textContent()).toContain(
      text('AR', 'lobby', 'sections.hot'),
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows the server's page when the stored language is no longer offered", async () => {
    await patchSettings(await staffToken(), { languages: { supported: ['EN', 'TY'], default: 'EN' } });
    try {
      const { page, errors } = await watchedPhone({ locale: 'en-US', storage: { language: 'AR' } });
      const release = await holdAppScript(page);
      await page.goto('/m/home', { waitUntil: 'domcontentloaded' });
      // The boot script cannot know the operator dropped Arabic: it hides the page until the app runs.
      expect(await page.locator('.app-header').isVisible()).toBe(false);
      release();
      await menuButton(page).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
      await page.locator('[data-section="hot"] .game-tile:not(.skeleton-tile)').first().waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      await patchSettings(await staffToken(), {
        languages: { supported: ['EN', 'TY', 'AR'], default: 'EN' },
      });
    }
  });
});
