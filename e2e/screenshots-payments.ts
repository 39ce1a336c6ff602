import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Page } from 'playwright-core';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import { launchBrowser } from './support/chromium.ts';
import { rgbPng } from './support/png.ts';
import { startServer } from './support/server.ts';
import { apiCaller, staffHeaders } from './support/screenshot-api.ts';

/**
 * Payments screens: deposit (bank transfer, gateway return, history), withdraw (form, fund password
 * prompt, accounts, history) and the security centre at 390×844, in English and Arabic (right to
 * left); the back office's money desk, channels and identity review at 1280×800.
 * Usage: npm run screenshots:payments -w @playhouse/e2e (after a build).
 */
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(out, { recursive: true });
const PASSWORD = 'screenshot-admin-password';
const MEMBER_PASSWORD = 'Member-pass-2026';
const root = path.resolve(import.meta.dirname, '..');

/** A real PNG of a receipt-like stripe pattern (the server re-encodes and checks uploads). */
const receiptPng = () => rgbPng(120, 160, (_, y) => (y % 12 < 2 ? [90, 90, 110] : [245, 245, 240]));

const server = await startServer(PASSWORD);
const secret = randomBytes(24).toString('hex');
const gateway = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'apps/reference-gateway/src/main.ts',
    '--port',
    '0',
    '--webhook-url',
    `${server.baseUrl}/wps/payments/REFPAY/callback`,
  ],
  { cwd: root, env: { ...process.env, GATEWAY_SECRET: secret }, stdio: ['ignore', 'pipe', 'inherit'] },
);
const gatewayUrl = await new Promise<string>((resolve, reject) => {
  createInterface({ input: gateway.stdout! }).on('line', (line) => {
    const found = /listening on (http:\/\/\S+)/.exec(line);
    if (found) resolve(found[1]!);
  });
  gateway.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
});
const browser = await launchBrowser();
try {
  const call = apiCaller(server.baseUrl);
  const staff = await staffHeaders(call, PASSWORD);
  await call('PUT', '/bo/api/payment-gateways/REFPAY', { baseUrl: gatewayUrl, secret }, staff);
  await call(
    'PUT',
    '/bo/api/settings',
    { register: { captcha: { enabled: false } }, whitelabel: { DIRECTREG3: true } },
    staff,
  );
  // A closed channel, to show how one looks with its opening time.
  const now = new Date();
  const hhmm = (d: Date) =>
    `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  await call(
    'POST',
    '/bo/api/payment-channels',
    {
      kind: 'GATEWAY',
      gatewayCode: 'REFPAY',
      method: 'CARD',
      name: 'Visa / Mastercard',
      min: '500.00',
      max: '20000.00',
      feePercent: '1.5',
      bonusPercent: '0',
      hours: {
        open: hhmm(new Date(now.getTime() + 3 * 3600_000)),
        close: hhmm(new Date(now.getTime() + 9 * 3600_000)),
        timeZone: 'UTC',
      },
      sortOrder: 5,
    },
    staff,
  );

  const register = async (userName: string) => {
    const { publicKey } = await call<{ publicKey: string }>('GET', '/wps/system/publicKey');
    const sealed = await encryptCredentials(publicKey, {
      username: userName,
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
    });
    const session = await call<{ token: string; userName: string; type: number }>(
      'PUT',
      '/wps/member/register',
      sealed.body,
      {
        encryption: sealed.header,
      },
    );
    return { ...session, auth: { authorization: `Bearer ${session.token}` } };
  };
  const upload = async (auth: Record<string, string>, purpose: string) => {
    const res = await fetch(`${server.baseUrl}/wps/uploads?purpose=${purpose}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'image/png' },
      body: new Uint8Array(receiptPng()),
    });
    const json = (await res.json()) as { value: { uploads: { uploadId: string }[] } };
    return json.value.uploads[0]!.uploadId;
  };
  const channels = async (auth: Record<string, string>) =>
    call<{ channelId: number; kind: string; openNow: boolean }[]>(
      'GET',
      '/wps/relay/MCS2_depositChannels',
      undefined,
      auth,
    );

  // Maria's deposits carry no turnover (so her withdrawals can be shown); José's below do.
  await call('PUT', '/bo/api/payment-settings', { turnover: { depositMultiplier: 0 } }, staff);
  const maria = await register('maria2026');
  const list = await channels(maria.auth);
  const bank = list.find((c) => c.kind === 'BANK_TRANSFER')!;
  const qr = list.find((c) => c.kind === 'GATEWAY' && c.openNow)!;
  // A gateway deposit paid on the gateway's page (as a payer's browser would post its form).
  const paid = await call<{ depositId: string; payUrl: string }>(
    'POST',
    '/wps/relay/MCS2_deposit',
    { channelId: qr.channelId, amount: '1500.00' },
    maria.auth,
  );
  await fetch(`${paid.payUrl.replace(/\/?$/, '')}/pay`, { method: 'POST', redirect: 'manual' });
  for (let i = 0; i < 50; i++) {
    const d = await call<{ status: string }>(
      'GET',
      `/wps/relay/MCS2_deposit?depositId=${paid.depositId}`,
      undefined,
      maria.auth,
    );
    if (d.status !== 'PENDING') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  // A bank transfer with its receipt, waiting for the desk; another already approved.
  for (const [amount, reference] of [
    ['800.00', 'BDO-778201'],
    ['2500.00', 'BDO-778355'],
  ] as const) {
    const receipt = await upload(maria.auth, 'receipt');
    await call(
      'POST',
      '/wps/relay/MCS2_deposit',
      { channelId: bank.channelId, amount, reference, receiptIds: [receipt] },
      maria.auth,
    );
  }
  const pending = await call<{ list: { depositId: string; amount: string }[] }>(
    'GET',
    '/bo/api/deposits?status=PENDING',
    undefined,
    staff,
  );
  const first = pending.list.find((d) => d.amount === '800.00')!;
  await call('POST', `/bo/api/deposits/${first.depositId}/approve`, {}, staff);

  // Withdrawal set-up: fund password, payee name, a card and an e-wallet, two requests (one paid).
  await call(
    'PUT',
    '/wps/member/fundPassword',
    { newFundPassword: 'fund-2026', loginPassword: MEMBER_PASSWORD },
    maria.auth,
  );
  await call('PUT', '/wps/member/realName', { realName: 'Maria Santos' }, maria.auth);
  const card = await call<{ bankCardId: number }>(
    'POST',
    '/wps/relay/MCS2_bankCards',
    { kind: 'BANK', bankName: 'BDO Unibank', accountNo: '0045 1234 5678' },
    maria.auth,
  );
  await call(
    'POST',
    '/wps/relay/MCS2_bankCards',
    { kind: 'EWALLET', bankName: 'GCash', accountNo: '0917 555 0199' },
    maria.auth,
  );
  await call(
    'POST',
    '/bo/api/wallet/adjustments',
    { userName: maria.userName, amount: '3000.00', reason: 'Welcome credit' },
    staff,
  );
  // An identity document under review.
  await call(
    'POST',
    '/wps/member/identity',
    { kind: 'PASSPORT', uploadIds: [await upload(maria.auth, 'identity')] },
    maria.auth,
  );

  const storage = {
    MC_SESSION_INFO: JSON.stringify({ token: maria.token, userName: maria.userName, type: maria.type }),
  };
  const tryWithdraw = async (amount: string) =>
    fetch(`${server.baseUrl}/wps/transaction/withdraw`, {
      method: 'POST',
      headers: { ...maria.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ amount, bankCardId: card.bankCardId, fundPassword: 'fund-2026' }),
    }).then(
      (r) => r.json() as Promise<{ success: boolean; value?: { withdrawalId: string }; code?: string }>,
    );

  const shoot = async (
    name: string,
    route: string,
    options: {
      language: string;
      before?: (page: Page) => Promise<void>;
      scrollTo?: string;
      storage?: Record<string, string>;
    },
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
    await context.addInitScript(
      ({ entries, language }) => {
        if (sessionStorage.getItem('__seeded')) return;
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
        localStorage.setItem('language', language);
        sessionStorage.setItem('__seeded', '1');
      },
      { entries: options.storage ?? storage, language: options.language },
    );
    const page = await context.newPage();
    await page.goto(route);
    await page.locator('.pay-page, .mc-page').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (options.before) await options.before(page);
    if (options.scrollTo)
      await page
        .locator(options.scrollTo)
        .first()
        .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `${name}.png`) });
    await context.close();
  };

  const bankTransferFilled = async (page: Page) => {
    await page.getByRole('radio').nth(1).click();
    await page.locator('#deposit-amount').fill('500');
    await page.locator('#deposit-reference').fill('BDO-779012');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng() });
    await page.locator('.up-thumb img').waitFor();
  };
  const tab = (n: number) => async (page: Page) => {
    await page.getByRole('tab').nth(n).click();
    await page.waitForLoadState('networkidle');
  };
  const openFirstItem = async (page: Page) => {
    await page.locator('.pay-item summary').first().click();
    await page.waitForLoadState('networkidle');
  };

  for (const [language, suffix] of [
    ['EN', 'en'],
    ['AR', 'ar'],
  ] as const) {
    await shoot(`deposit-${suffix}`, '/m/voucherCenter', { language });
    await shoot(`deposit-transfer-${suffix}`, '/m/voucherCenter', {
      language,
      before: bankTransferFilled,
      scrollTo: '.pay-bank',
    });
    await shoot(`deposit-gateway-return-${suffix}`, `/m/voucherCenter?depositId=${paid.depositId}`, {
      language,
    });
    await shoot(`deposit-history-${suffix}`, '/m/voucherCenter', {
      language,
      before: async (page) => {
        await tab(2)(page);
        await page.locator('.pay-item summary').nth(1).click();
        await page.locator('.pay-item details[open] .up-thumb img').first().waitFor();
      },
    });
  }
  // José's deposit leaves turnover to play: the withdraw page says how much, and blocks the request.
  await call('PUT', '/bo/api/payment-settings', { turnover: { depositMultiplier: 1 } }, staff);
  const jose = await register('jose2026');
  await call(
    'POST',
    '/wps/relay/MCS2_deposit',
    {
      channelId: bank.channelId,
      amount: '1200.00',
      reference: 'BPI-20331',
      receiptIds: [await upload(jose.auth, 'receipt')],
    },
    jose.auth,
  );
  const joseDeposit = (
    await call<{ list: { depositId: string; userName: string }[] }>(
      'GET',
      '/bo/api/deposits?status=PENDING&userName=jose2026',
      undefined,
      staff,
    )
  ).list[0]!;
  await call('POST', `/bo/api/deposits/${joseDeposit.depositId}/approve`, {}, staff);
  await call(
    'PUT',
    '/wps/member/fundPassword',
    { newFundPassword: 'fund-2026', loginPassword: MEMBER_PASSWORD },
    jose.auth,
  );
  await shoot('withdraw-turnover-en', '/m/withdraw', {
    language: 'EN',
    storage: {
      MC_SESSION_INFO: JSON.stringify({ token: jose.token, userName: jose.userName, type: jose.type }),
    },
  });
  // Withdraw: one request held (and visible in the balance card), one paid.
  const w1 = await tryWithdraw('1000.00');
  if (!w1.success) console.warn(`withdraw refused: ${w1.code} (the screenshots show why)`);
  else {
    await call('POST', `/bo/api/withdrawals/${w1.value!.withdrawalId}/approve`, {}, staff);
    await tryWithdraw('400.00');
  }
  for (const [language, suffix] of [
    ['EN', 'en'],
    ['AR', 'ar'],
  ] as const) {
    await shoot(`withdraw-${suffix}`, '/m/withdraw', { language });
    await shoot(`withdraw-limits-${suffix}`, '/m/withdraw', { language, scrollTo: '#turnover-title' });
    await shoot(`withdraw-prompt-${suffix}`, '/m/withdraw', {
      language,
      before: async (page) => {
        await page.locator('#withdraw-amount').fill('250');
        await page.locator('form.pay-card button[type=submit]').click();
        await page.getByRole('dialog').waitFor();
      },
    });
    await shoot(`withdraw-accounts-${suffix}`, '/m/withdraw', { language, before: tab(1) });
    await shoot(`withdraw-history-${suffix}`, '/m/withdraw', {
      language,
      before: async (page) => {
        await tab(2)(page);
        await openFirstItem(page);
      },
    });
    await shoot(`security-centre-${suffix}`, '/m/securityCenter', { language, scrollTo: '#fund-password' });
    await shoot(`security-identity-${suffix}`, '/m/securityCenter', {
      language,
      scrollTo: '#identity-title',
    });
  }

  // The back office at desktop width.
  const desk = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await desk.newPage();
  await page.goto('/bo/');
  await page.fill('input[name=username]', 'admin');
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page.getByRole('link', { name: 'Money desk' }).click();
  await page.locator('tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(out, 'bo-money-desk.png'), fullPage: true });
  await page.getByRole('button', { name: 'Reject' }).first().click();
  await page.getByRole('dialog').getByRole('textbox').fill('The receipt does not show the reference');
  await page.screenshot({ path: path.join(out, 'bo-money-desk-reject.png') });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  await page.locator('tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(out, 'bo-money-desk-withdrawals.png'), fullPage: true });
  await page.getByRole('link', { name: 'Payment channels' }).click();
  await page.locator('tbody tr').first().waitFor();
  await page.screenshot({ path: path.join(out, 'bo-payment-channels.png'), fullPage: true });
  await page.getByRole('link', { name: 'Identity review' }).click();
  await page.locator('tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(out, 'bo-identity-review.png'), fullPage: true });
  await desk.close();
  console.info(`screenshots in ${out}`);
} finally {
  await browser.close();
  gateway.kill('SIGTERM');
  await server.stop();
}
