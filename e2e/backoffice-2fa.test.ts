import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { authenticatorCode, currentStep } from './support/totp.ts';

// A server of its own: turning two-step verification on for `admin` must not reach the other files.
const PASSWORD = 'e2e-2fa-admin-password';
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(PASSWORD), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const bo = (key: string) => text('EN', 'bo', key);
const error = (code: string) => text('EN', 'common', `errors.${code}`);

async function desk(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  return { context, page: await context.newPage() };
}

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/bo/');
  await page.getByLabel(bo('login.username')).fill(username);
  await page.getByLabel(bo('login.password')).fill(password);
  await page.getByRole('button', { name: bo('login.submit') }).click();
}

// Filled in by the first test, used by the second.
let secret = '';
let recoveryCodes: string[] = [];

describe('back-office two-step verification', () => {
  it('an operator turns it on in the console, signs out, and signs in with password and code', async () => {
    const { context, page } = await desk();
    await passwordStep(page, 'admin', PASSWORD);
    await page.getByRole('link', { name: bo('nav.security') }).click();
    await expect.poll(() => page.locator('.badge').textContent()).toBe(bo('twoFactor.off'));
    await page.getByRole('button', { name: bo('twoFactor.setUp') }).click();

    // The key as the page shows it (in groups of four), read the way a person would type it into an app.
    const shown = page.getByTestId('totp-secret');
    await shown.waitFor();
    secret = (await shown.textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByRole('img', { name: bo('twoFactor.qrAlt') }).isVisible()).toBe(true);

    const step = currentStep();
    await page.getByLabel(bo('twoFactor.code')).fill(authenticatorCode(secret, step));
    await page.getByRole('button', { name: bo('twoFactor.turnOn') }).click();
    await page.getByRole('heading', { name: bo('twoFactor.recoveryTitle') }).waitFor();
    expect(await page.getByRole('note').textContent()).toBe(bo('twoFactor.recoveryNote'));
    recoveryCodes = await page.locator('.recovery-codes li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: bo('twoFactor.saved') }).click();
    await expect.poll(() => page.locator('.badge').textContent()).toBe(bo('twoFactor.on'));

    await page.getByRole('button', { name: bo('nav.signOut') }).click();
    await passwordStep(page, 'admin', PASSWORD);
    await page.getByRole('heading', { name: bo('login.codeTitle') }).waitFor();

    // A wrong code is refused with the server's message and the step stays.
    await page.getByLabel(bo('login.code')).fill(authenticatorCode(secret, step + 5));
    await page.getByRole('button', { name: bo('login.verify') }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(error('TWO_FACTOR_CODE_INVALID'));

    // The confirmation used this step's code; the app's next one (within a step of the clock) opens the console.
    await page.getByLabel(bo('login.code')).fill(authenticatorCode(secret, step + 1));
    await page.getByRole('button', { name: bo('login.verify') }).click();
    await page.getByRole('heading', { name: bo('settings.title') }).waitFor();
    await page.getByRole('link', { name: bo('nav.audit') }).click();
    await expect
      .poll(() => page.locator('table').textContent())
      .toContain(bo('audit.actions.staff_2fa_enabled'));
    await context.close();
  });

  it('signs in with a recovery code once, and not twice', async () => {
    expect(recoveryCodes).toHaveLength(10);
    const { context, page } = await desk();
    for (const round of [1, 2]) {
      await passwordStep(page, 'admin', PASSWORD);
      await page.getByRole('button', { name: bo('login.useRecovery') }).click();
      await page.getByLabel(bo('login.recoveryCode')).fill(recoveryCodes[0]!);
      await page.getByRole('button', { name: bo('login.verify') }).click();
      if (round === 1) {
        await page.getByRole('heading', { name: bo('settings.title') }).waitFor();
        await page.getByRole('button', { name: bo('nav.signOut') }).click();
      } else {
        await expect.poll(() => page.getByRole('alert').textContent()).toBe(error('TWO_FACTOR_CODE_INVALID'));
      }
    }
    await context.close();
  });

  it('shows the captcha as soon as the server asks for one, keeping what was typed', async () => {
    const { context, page } = await desk();
    await page.goto('/bo/');
    await page.getByLabel(bo('login.username')).fill('someone-else');
    await page.getByLabel(bo('login.password')).fill('a-wrong-password');
    // Five wrong passwords are checked freely; the sixth attempt must bring a captcha.
    for (let i = 0; i < 6; i++) {
      await page.getByRole('button', { name: bo('login.submit') }).click();
      await expect.poll(() => page.getByRole('alert').isVisible()).toBe(true);
      if (i < 5)
        await expect.poll(() => page.getByRole('alert').textContent()).toBe(error('INVALID_CREDENTIALS'));
    }
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(error('CAPTCHA_REQUIRED'));
    const image = page.getByRole('img', { name: bo('login.captchaImage') });
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await page.getByLabel(bo('login.captcha')).isVisible()).toBe(true);
    expect(await page.getByLabel(bo('login.username')).inputValue()).toBe('someone-else');
    expect(await page.getByLabel(bo('login.password')).inputValue()).toBe('a-wrong-password');
    await context.close();
  });
});
