import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { baseUrl } from './support/workers.ts';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IOS_12_1 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1';
const IOS_17 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('app download and home-screen install', () => {
  it('shows the download bar on Android, opens the popup with the web app, and stays closed once dismissed', async () => {
    const { context, page } = await newPhone(browser, { userAgent: ANDROID });
    await page.goto('/m/home');
    const bar = page.locator('.download-bar');
    await expect.poll(() => bar.isVisible()).toBe(true);
    // No made-up store rating.
    await expect(bar.textContent()).resolves.not.toContain('5.0');
    await bar.getByRole('button', { name: text('EN', 'web', 'download.action'), exact: true }).click();
    // A tap on the server's page is carried out once the app has taken the page over, and the popup
    // is a chunk of its own: the poll's limit (stretched under CPU throttling) leaves time for both.
    await expect
      .poll(() => page.getByRole('dialog', { name: text('EN', 'web', 'download.title') }).isVisible())
      .toBe(true);
    // The demo has no native app: the popup offers the web app, on the download page.
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('link', { name: text('EN', 'web', 'download.android') }).count()).toBe(0);
    expect(
      await dialog.getByRole('link', { name: text('EN', 'web', 'download.webApp') }).getAttribute('href'),
    ).toBe('/m/download');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('EN', 'web', 'actions.close') })
      .click();
    await bar.getByRole('button', { name: text('EN', 'web', 'actions.close'), exact: true }).click();
    await expect.poll(() => bar.count()).toBe(0);
    await page.reload();
    // The server's page carries the bar; the stored choice hides it before the first paint, and the
    // app drops it once it has taken the page over.
    await page.locator('.app-header').waitFor();
    expect(await bar.isVisible()).toBe(false);
    await expect.poll(() => bar.count()).toBe(0);
    await context.close();
  });

  it('shows the legacy add-to-home-screen tip on iOS 12.1 and the current one on iOS 17', async () => {
    for (const [ua, key] of [
      [IOS_12_1, 'iosTip.legacy'],
      [IOS_17, 'iosTip.text'],
    ] as const) {
      const { context, page } = await newPhone(browser, { userAgent: ua });
      await page.goto('/m/home');
      const tip = page.locator('.ios-tip');
      await expect.poll(() => tip.textContent()).toContain(text('EN', 'web', key));
      await expect(tip.textContent()).resolves.toContain(text('EN', 'web', 'iosTip.recommended'));
      await context.close();
    }
  });

  it('serves a web app manifest and installs the service worker', async () => {
    const manifest = await fetch(`${baseUrl()}/m/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toMatchObject({
      start_url: '/m/home',
      scope: '/m/',
      display: 'standalone',
    });
    const { context, page } = await newPhone(browser, { serviceWorkers: 'allow' });
    await page.goto('/m/home');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/m/');
    await context.close();
  });
});
