import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import { launchBrowser } from './support/chromium.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { apiCaller, staffHeaders } from './support/screenshot-api.ts';

/**
 * Issue 17's screens: the signed-in header with the longest nickname and a seven-digit balance at
 * 360 and 430 px, left to right (English) and right to left (Arabic); registration before typing;
 * the back office's settings with labelled fields and flags, at desktop and phone width.
 * Usage: node --import tsx e2e/screenshots-issue17.ts (after a build).
 */
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(out, { recursive: true });
const PASSWORD = 'screenshot-admin-password';
const NICKNAME = 'Maximiliano Rodriguez Fernand';

const server: RunningServer = await startServer(PASSWORD);
const browser = await launchBrowser();
try {
  const call = apiCaller(server.baseUrl);
  const staff = await staffHeaders(call, PASSWORD);
  await call('PUT', '/bo/api/settings', { register: { captcha: { enabled: false } } }, staff);
  const { publicKey } = await call<{ publicKey: string }>('GET', '/wps/system/publicKey');
  const sealed = await encryptCredentials(publicKey, {
    username: 'maximilianorodri',
    password: 'Member-pass-2026',
    confirmPassword: 'Member-pass-2026',
  });
  const member = await call<{ token: string; userName: string; type: number }>(
    'PUT',
    '/wps/member/register',
    sealed.body,
    { encryption: sealed.header },
  );
  await call(
    'PUT',
    '/wps/member/info/nickname',
    { nickname: NICKNAME },
    {
      authorization: `Bearer ${member.token}`,
    },
  );
  await call(
    'POST',
    '/bo/api/wallet/adjustments',
    { userName: member.userName, amount: '1234567.89', reason: 'Screenshot balance' },
    staff,
  );

  const phone = async (width: number, storage: Record<string, string>) => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width, height: 780 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript((entries: Record<string, string>) => {
      if (sessionStorage.getItem('__seeded')) return;
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      sessionStorage.setItem('__seeded', '1');
    }, storage);
    return context;
  };

  const session = JSON.stringify({ token: member.token, userName: member.userName, type: member.type });
  for (const language of ['EN', 'AR'])
    for (const width of [360, 430]) {
      const context = await phone(width, { language, MC_SESSION_INFO: session });
      const page = await context.newPage();
      await page.goto('/m/home');
      await page.locator('.header-member .balance-amount').waitFor();
      await page.waitForFunction(() =>
        /1,234,567/.test(document.querySelector('.balance-amount')?.textContent ?? ''),
      );
      // The welcome popups once, closed; the header is the subject.
      await page
        .locator('[role="dialog"]')
        .waitFor({ timeout: 3000 })
        .catch(() => undefined);
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      await page.screenshot({
        path: path.join(out, `header-signed-in-${language.toLowerCase()}-${width}.png`),
        clip: { x: 0, y: 0, width, height: 200 },
      });
      await context.close();
    }

  for (const language of ['EN', 'AR']) {
    const context = await phone(390, { language });
    const page = await context.newPage();
    await page.goto('/m/register');
    await page.locator('#password-rule').waitFor();
    await page.locator('#username').fill('maria2026');
    await page.locator('#password').fill('short1');
    await page.locator('#confirmPassword').fill('short2');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `register-${language.toLowerCase()}.png`), fullPage: true });
    await context.close();
  }

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US', viewport });
    const page = await context.newPage();
    await page.goto('/bo/');
    await page.fill('input[name=username]', 'admin');
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    await page.locator('a[href$="settings"], a:has-text("Settings")').first().click();
    await page.locator('[name="whitelabel.DEPOSIT3"]').waitFor();
    await page.locator('[name="whitelabel.DEPOSIT3"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, `bo-settings-flags-${name}.png`) });
    await page.locator('.register-rules').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, `bo-settings-fields-${name}.png`) });
    await page.locator('a[href$="audit"], a:has-text("Audit")').first().click();
    await page.locator('.audit-table tbody tr').first().waitFor();
    await page.screenshot({ path: path.join(out, `bo-audit-${name}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
