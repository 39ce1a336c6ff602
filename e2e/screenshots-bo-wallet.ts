import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import { launchBrowser } from './support/chromium.ts';
import { startServer } from './support/server.ts';
import { apiCaller, staffHeaders } from './support/screenshot-api.ts';

/**
 * The back office's Wallet page at desktop size (1280×800, full page): an adjustment just applied,
 * the member's ledger below it and a passing ledger check.
 * Usage: npm run screenshots:bo-wallet -w @playhouse/e2e (after a build).
 */
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(out, { recursive: true });
const PASSWORD = 'screenshot-admin-password';

const server = await startServer(PASSWORD);
const browser = await launchBrowser();
try {
  const call = apiCaller(server.baseUrl);
  // A member registered the way the site does it (captcha off for the moment).
  const staff = await staffHeaders(call, PASSWORD);
  await call('PUT', '/bo/api/settings', { register: { captcha: { enabled: false } } }, staff);
  const { publicKey } = await call<{ publicKey: string }>('GET', '/wps/system/publicKey');
  const userName = 'maria2026';
  const sealed = await encryptCredentials(publicKey, {
    username: userName,
    password: 'Member-pass-2026',
    confirmPassword: 'Member-pass-2026',
  });
  await call('PUT', '/wps/member/register', sealed.body, { encryption: sealed.header });
  await call(
    'POST',
    '/bo/api/wallet/adjustments',
    { userName, amount: '100.00', reason: 'Welcome credit' },
    staff,
  );
  await call(
    'POST',
    '/bo/api/wallet/adjustments',
    { userName, amount: '-12.50', reason: 'Correction' },
    staff,
  );

  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/bo/');
  await page.fill('input[name=username]', 'admin');
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page.getByRole('link', { name: 'Wallet' }).click();
  const form = page.locator('form[aria-labelledby=adjust-title]');
  await form.getByLabel('Member username').fill(userName);
  await form.getByLabel('Amount').fill('25.00');
  await form.getByLabel('Reason').fill('Goodwill credit, ticket #4411');
  await form.getByRole('button', { name: 'Apply adjustment' }).click();
  await form.getByRole('status').waitFor();
  await page.locator('section[aria-labelledby=ledger-title] tbody tr').nth(2).waitFor();
  await page.getByRole('button', { name: 'Run ledger check' }).click();
  await page.locator('section[aria-labelledby=check-title] [role=status]').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, 'bo-wallet.png'), fullPage: true });
  console.info('docs/screenshots/bo-wallet.png');
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
