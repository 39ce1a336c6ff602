import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.ts';
import { startServer } from './support/server.ts';
import { authenticatorCode, currentStep } from './support/totp.ts';

/**
 * The back office's two-step verification at desktop (1280×800) and phone (390×844) size: the enrol
 * page and the second sign-in step. Usage: npm run screenshots:bo-2fa -w @playhouse/e2e (after a build).
 */
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(out, { recursive: true });
const PASSWORD = 'screenshot-admin-password';

const sizes: [suffix: string, options: BrowserContextOptions][] = [
  ['', { viewport: { width: 1280, height: 800 } }],
  ['-phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }],
];

const server = await startServer(PASSWORD);
const browser = await launchBrowser();
try {
  const open = async (options: BrowserContextOptions) => {
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US', ...options });
    return { context, page: await context.newPage() };
  };
  const signIn = async (page: Page) => {
    await page.goto('/bo/');
    await page.fill('input[name=username]', 'admin');
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
  };
  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
    console.info(`docs/screenshots/${name}.png`);
  };

  // Enrol page at both sizes; the last one is confirmed so the sign-in step can be shown.
  let secret = '';
  for (const [suffix, options] of sizes) {
    const { context, page } = await open(options);
    await signIn(page);
    await page.locator('.settings').waitFor();
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set up two-step verification' }).click();
    await page.getByTestId('totp-secret').waitFor();
    await page.locator('.qr img').evaluate((img: HTMLImageElement) => img.decode());
    secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await page.fill('input[name=code]', '');
    await shot(page, `bo-2fa-enrol${suffix}`);
    if (suffix === '-phone') {
      await page.fill('input[name=code]', authenticatorCode(secret, currentStep()));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.locator('.recovery-codes').waitFor();
      await shot(page, 'bo-2fa-recovery-phone');
    }
    await context.close();
  }

  // The second step, with a code half typed.
  for (const [suffix, options] of sizes) {
    const { context, page } = await open(options);
    await signIn(page);
    await page.locator('input[name=code]').waitFor();
    await page.fill('input[name=code]', '482');
    await shot(page, `bo-2fa-login${suffix}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
