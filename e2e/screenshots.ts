import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.ts';
import { startServer } from './support/server.ts';

/**
 * Captures the README's phone-size screenshots (390×844) from a freshly started server with demo data.
 * Usage: npm run screenshots (after npm run build).
 */
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(out, { recursive: true });

const server = await startServer('screenshot-admin-password');
const browser = await launchBrowser();
try {
  const shoot = async (
    name: string,
    route: string,
    options: { language?: string; before?: (page: Page) => Promise<void> } = {},
  ) => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    if (options.language) {
      await context.addInitScript((code) => localStorage.setItem('language', code), options.language);
    }
    const page = await context.newPage();
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await options.before?.(page);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(out, `${name}.png`) });
    console.info(`docs/screenshots/${name}.png`);
    await context.close();
  };
  const openMenu = async (page: Page) => {
    await page.locator('.header-bar .icon-btn').first().click();
    await page.locator('.side-menu').waitFor();
  };
  await shoot('home', '/m/home');
  await shoot('side-menu', '/m/home', { before: openMenu });
  await shoot('home-ar', '/m/home', { language: 'AR' });
  await shoot('side-menu-ar', '/m/home', { language: 'AR', before: openMenu });
  await shoot('home-ty', '/m/home', { language: 'TY' });
  // The lobby: home further down, a provider's list and a search.
  await shoot('lobby-home-more', '/m/home', {
    before: async (page) => {
      await page.locator('[data-section="bingo"]').scrollIntoViewIfNeeded();
      await page.locator('[data-section="bingo"] .game-tile').first().waitFor();
    },
  });
  await shoot('lobby-provider', '/m/provider?vassalage=JILI', {
    before: (page) => page.locator('[data-section="list"] .game-name').first().waitFor(),
  });
  await shoot('lobby-search', '/m/search-games', {
    before: async (page) => {
      await page.getByRole('searchbox').fill('amber');
      await page.locator('[data-section="list"] .game-name').first().waitFor();
      await page.waitForTimeout(700);
    },
  });
  const openFirstNotice = async (page: Page) => {
    await page.locator('.notice-head').first().click();
    await page.locator('.notice-body').first().waitFor();
  };
  await shoot('lobby-notices', '/m/notice', { before: openFirstNotice });
  await shoot('lobby-notices-ar', '/m/notice', { language: 'AR', before: openFirstNotice });

  const desk = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
  const bo = await desk.newPage();
  await bo.goto('/bo/');
  await bo.locator('input[name=username]').waitFor();
  await bo.screenshot({ path: path.join(out, 'bo-login.png') });
  await bo.fill('input[name=username]', 'admin');
  await bo.fill('input[name=password]', 'screenshot-admin-password');
  await bo.click('button[type=submit]');
  await bo.locator('.settings').waitFor();
  await bo.screenshot({ path: path.join(out, 'bo-settings.png') });
  console.info('docs/screenshots/bo-login.png, bo-settings.png');
  await desk.close();
} finally {
  await browser.close();
  await server.stop();
}
