import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, inject } from 'vitest';
import { text } from './catalogue.ts';
import { baseUrl } from './workers.ts';

export { launchBrowser } from './chromium.ts';

export interface PhoneOptions {
  /** Browser languages, most preferred first (navigator.languages). */
  locale?: string;
  storage?: Record<string, string>;
  userAgent?: string;
  serviceWorkers?: 'allow' | 'block';
  /** False: a browser that runs no script, to see what the server's page shows by itself. */
  javaScript?: boolean;
}

/** A 390×844 touch phone context pointed at the test server. */
export async function newPhone(
  browser: Browser,
  options: PhoneOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'en-US',
    serviceWorkers: options.serviceWorkers ?? 'block',
    javaScriptEnabled: options.javaScript ?? true,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if (options.storage) {
    await context.addInitScript((entries: Record<string, string>) => {
      if (sessionStorage.getItem('__seeded')) return;
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      sessionStorage.setItem('__seeded', '1');
    }, options.storage);
  }
  const page = await context.newPage();
  return { context, page };
}

/**
 * A desktop-sized back-office page, signed in as `username` (by default the seeded owner with the
 * suite's admin password).
 */
export async function signedInConsole(
  browser: Browser,
  username = 'admin',
  options: { password?: string; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.goto('/bo/');
  await page.getByLabel(text('EN', 'bo', 'login.username')).fill(username);
  await page.getByLabel(text('EN', 'bo', 'login.password')).fill(options.password ?? inject('adminPassword'));
  await page.getByRole('button', { name: text('EN', 'bo', 'login.submit') }).click();
  return page;
}

/**
 * Registers a hook that closes, when each test of the file ends (passed or failed), every page handed
 * to the returned function, so pages a test left open stop polling while later tests run.
 */
export function closedAfterEachTest(): <P extends Page>(page: P) => P {
  const pages: Page[] = [];
  afterEach(async () => {
    await Promise.all(
      pages.splice(0).map((p) =>
        p
          .context()
          .close()
          .catch(() => undefined),
      ),
    );
  });
  return (page) => {
    pages.push(page);
    return page;
  };
}
