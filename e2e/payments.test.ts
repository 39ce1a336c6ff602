import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { rgbPng } from './support/png.ts';
import { baseUrl as serverUrl } from './support/workers.ts';

/**
 * Payments as a new member and an operator meet them in Chromium: a deposit through the reference
 * gateway's own payment page, a bank transfer an operator approves in the back office, and a
 * withdrawal from a new card with a new fund password, held at once, then paid (or rejected and
 * returned). Real server, real reference gateway process, real ledger; the ledger check runs after each.
 */

const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [name, value]) => s.replace(`{{${name}}}`, String(value)), template);
const pay = (key: string, values: Record<string, string | number> = {}) =>
  fill(text('EN', 'pay', key), values);
const bo = (key: string, values: Record<string, string | number> = {}) => fill(text('EN', 'bo', key), values);
const MEMBER_PASSWORD = 'Member-pass-2026';

let browser: Browser;
let gateway: ChildProcess | undefined;

/** Starts the reference gateway on a free port and points the operator's REFPAY code at it. */
async function startGateway(): Promise<void> {
  const secret = randomBytes(24).toString('hex');
  const root = path.resolve(import.meta.dirname, '..');
  gateway = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/reference-gateway/src/main.ts',
      '--port',
      '0',
      '--retry-base-ms',
      '200',
      '--webhook-url',
      `${serverUrl()}/wps/payments/REFPAY/callback`,
    ],
    { cwd: root, env: { ...process.env, GATEWAY_SECRET: secret }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: gateway.stdout! });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the reference gateway did not start in 30 s')), 30_000);
    lines.on('line', (line) => {
      const found = /listening on (http:\/\/\S+)/.exec(line);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    gateway!.once('exit', (code) => reject(new Error(`the reference gateway exited with ${code}`)));
  });
  const { status, body } = await api('PUT', '/bo/api/payment-gateways/REFPAY', {
    token: await staffToken(),
    body: { baseUrl, secret },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await startGateway();
});
afterAll(async () => {
  await browser?.close();
  if (gateway && gateway.exitCode === null) {
    gateway.kill('SIGTERM');
    await new Promise((r) => gateway!.once('exit', r));
  }
});

/** A real 64×48 PNG, made here so the server's content check has something true to read. */
const tinyPng = () => rgbPng(64, 48, () => [40, 160, 90]);

async function walletBalance(member: MemberSession): Promise<string> {
  const { body } = await api<{ sumBalance: string }>('GET', '/wps/wallets/gcs', { token: member.token });
  return body.value!.sumBalance;
}

async function expectLedgerOk(): Promise<void> {
  const { body } = await api<{ ok: boolean; breaches: unknown[] }>('GET', '/bo/api/ledger/verify', {
    token: await staffToken(),
  });
  expect(body.value, JSON.stringify(body.value?.breaches)).toMatchObject({ ok: true });
}

/** The withdraw page's balance (the screen has a title bar, not the member header). */
const balanceOn = (page: Page) => page.locator('.pay-balance .pay-big');

async function onPhone(member: MemberSession, run: (page: Page) => Promise<void>) {
  const { page, context } = await newPhone(browser, {
    storage: { ...signedInStorage(member), language: 'EN' },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

/** The operator opens a queue, finds the member's pending request and takes the decision. */
async function decide(
  queue: 'deposits' | 'withdrawals',
  userName: string,
  decision: 'approve' | 'reject',
  reason = '',
): Promise<void> {
  const page = await signedInConsole(browser);
  try {
    await page.getByRole('link', { name: bo('nav.money') }).click();
    await page.getByRole('tab', { name: bo(`money.${queue}`) }).click();
    await page.getByLabel(bo('wallet.userName')).fill(userName);
    await page.getByRole('button', { name: bo('money.apply') }).click();
    const row = page.locator('tbody tr', { hasText: userName }).first();
    await row
      .getByRole('button', { name: bo(decision === 'approve' ? 'money.approve' : 'money.reject') })
      .click();
    // The confirmation step: the request summarised, a reason, then confirm.
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(userName);
    if (reason) await dialog.getByRole('textbox').fill(reason);
    await dialog
      .getByRole('button', {
        name: bo(decision === 'approve' ? 'money.confirmApprove' : 'money.confirmReject'),
      })
      .click();
    await page.getByRole('status').filter({ hasText: ':' }).waitFor();
    // Settled: no longer in the pending queue.
    await expect.poll(() => page.locator('tbody tr', { hasText: userName }).count()).toBe(0);
    // Every decision is shown with who took it.
    await page.getByLabel(bo('money.statusFilter')).selectOption('');
    await page.getByRole('button', { name: bo('money.apply') }).click();
    await expect
      .poll(() => page.locator('tbody tr', { hasText: userName }).first().textContent())
      .toContain(bo('money.decidedBy', { name: 'admin' }));
  } finally {
    await page.context().close();
  }
}

describe('deposits', () => {
  it('pays through the reference gateway’s own page and sees the balance credited once', async () => {
    const member = await registerMember('gwdep');
    await onPhone(member, async (page) => {
      await page.goto('/m/voucherCenter');
      await page.getByRole('radio', { name: /RefPay/ }).click();
      // Customer service is the form's last line here: no floating button over the amount buttons.
      await page.getByRole('button', { name: text('EN', 'web', 'service.title'), exact: true }).waitFor();
      expect(await page.locator('.floating-service').isVisible()).toBe(false);
      // Validation against the channel's limits before anything is sent.
      await page.getByLabel(pay('amount.label'), { exact: true }).fill('5');
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('100.00');
      await page.getByRole('button', { name: '200.00', exact: true }).click();
      expect(await page.getByLabel(pay('amount.label'), { exact: true }).inputValue()).toBe('200');
      await page
        .getByRole('button', { name: pay('gateway.pay', { name: 'QR / e-wallet (RefPay)' }) })
        .click();

      // The gateway's hosted page, on its own origin; paying sends the payer back to us.
      await page.waitForURL((url) => !url.href.startsWith(serverUrl()));
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/m\/voucherCenter\?depositId=/);
      await expect
        .poll(() => page.getByRole('status').first().textContent(), { timeout: 20_000 })
        .toContain(pay('gateway.credited', { amount: '₱200.00' }));
      await expect
        .poll(() => page.getByRole('status').first().textContent())
        .toContain(pay('gateway.balance', { balance: '₱200.00' }));

      // Once: the history has one credited deposit and a reload shows the same balance.
      await page.getByRole('tab', { name: pay('deposit.history') }).click();
      await expect.poll(() => page.locator('.pay-item').count()).toBe(1);
      expect(await page.locator('.pay-item').textContent()).toContain(pay('depositStatus.APPROVED'));
      // The outcome was shown once: the address no longer names the deposit, and a reload does not
      // bring the banner back.
      expect(new URL(page.url()).searchParams.has('depositId')).toBe(false);
      await page.reload();
      await page.getByRole('tab', { name: pay('deposit.history') }).waitFor();
      expect(await page.getByText(pay('gateway.balance', { balance: '₱200.00' })).count()).toBe(0);
    });
    expect(await walletBalance(member)).toBe('200.00');
    await expectLedgerOk();
  });

  it('submits a bank transfer with its receipt, which an operator approves in the back office', async () => {
    const member = await registerMember('btdep');
    await onPhone(member, async (page) => {
      await page.goto('/m/voucherCenter');
      await page.getByRole('radio', { name: /Bank transfer/ }).click();
      await page.getByLabel(pay('amount.label'), { exact: true }).fill('500');
      // The bank details with copy buttons.
      await page
        .getByRole('button', { name: pay('copy.label', { label: pay('transfer.accountNo') }) })
        .click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('0012 3456 7890');
      await page.getByLabel(pay('transfer.reference')).fill('E2E-REF-500');

      // A GIF named .png is refused by its content before any upload.
      const input = page.locator('input[type=file]');
      await input.setInputFiles({
        name: 'receipt.png',
        mimeType: 'image/png',
        buffer: Buffer.from('GIF89a....'),
      });
      await expect.poll(() => page.getByRole('alert').first().textContent()).toBe(pay('upload.problem.type'));
      await input.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: tinyPng() });
      await expect.poll(() => page.locator('.up-thumb img').count()).toBe(1);
      await page.getByRole('button', { name: pay('transfer.submit') }).click();
      await expect
        .poll(() => page.getByRole('status').first().textContent())
        .toContain(pay('transfer.submitted'));

      await page.getByRole('tab', { name: pay('deposit.pendingCount', { count: 1 }) }).click();
      await expect.poll(() => page.locator('.pay-item').count()).toBe(1);
    });
    expect(await walletBalance(member)).toBe('0.00');

    await decide('deposits', member.userName, 'approve');

    await onPhone(member, async (page) => {
      await page.goto('/m/voucherCenter');
      await page.getByRole('tab', { name: pay('deposit.history') }).click();
      const item = page.locator('.pay-item').first();
      await expect.poll(() => item.textContent()).toContain(pay('depositStatus.APPROVED'));
      // The receipt is there for its owner.
      await item.locator('summary').click();
      await expect.poll(() => item.locator('.up-thumb img').count()).toBe(1);
    });
    expect(await walletBalance(member)).toBe('500.00');
    await expectLedgerOk();
  });
});

describe('withdrawals', () => {
  it('adds a card, sets a fund password, withdraws: held at once, then paid; a second is rejected and returned', async () => {
    const member = await registerMember('wdraw');
    const credit = await api('POST', '/bo/api/wallet/adjustments', {
      token: await staffToken(),
      body: { userName: member.userName, amount: '1000.00', reason: 'e2e withdraw funds' },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);

    await onPhone(member, async (page) => {
      await page.goto('/m/withdraw');
      // No fund password yet: set one (the login password proves it is the member).
      await page.getByLabel(pay('fund.loginPassword')).fill(MEMBER_PASSWORD);
      await page.getByLabel(pay('fund.new'), { exact: true }).fill('fund-2026');
      await page.getByLabel(pay('fund.confirm')).fill('fund-2026');
      await page.getByRole('button', { name: pay('fund.set') }).click();
      await page.getByRole('heading', { name: pay('withdraw.title') }).waitFor();

      // Accounts: the payee name first (once), then a bank card in that name.
      await page.getByRole('button', { name: pay('withdraw.addAccountFirst') }).click();
      await page.getByLabel(pay('accounts.realName')).fill('Maria Santos');
      await page.getByRole('button', { name: pay('accounts.saveName') }).click();
      await page.getByRole('button', { name: pay('accounts.add') }).click();
      expect(await page.getByLabel(pay('accounts.payee')).inputValue()).toBe('Maria Santos');
      await page.getByLabel(pay('accounts.bankName'), { exact: true }).fill('BDO');
      await page.getByLabel(pay('accounts.accountNo')).fill('1234567890');
      await page.getByRole('button', { name: pay('accounts.save') }).click();
      await expect.poll(() => page.getByRole('radio').first().textContent()).toContain('7890');

      // Withdraw 300: the fund password is asked for; a wrong one is refused in the prompt.
      await page.getByRole('tab', { name: pay('withdraw.tab') }).click();
      await page.getByLabel(pay('amount.label'), { exact: true }).fill('300');
      await page.getByRole('button', { name: pay('withdraw.submit'), exact: true }).click();
      const prompt = page.getByRole('dialog');
      await prompt.getByLabel(pay('fund.password')).fill('not-the-one');
      await prompt.getByRole('button', { name: pay('withdraw.confirm') }).click();
      await prompt.getByRole('alert').waitFor();
      await prompt.getByLabel(pay('fund.password')).fill('fund-2026');
      await prompt.getByRole('button', { name: pay('withdraw.confirm') }).click();
      await expect
        .poll(() => page.getByRole('status').first().textContent())
        .toContain(pay('withdraw.heldTitle', { amount: '₱300.00' }));
      // Held: out of the balance at once, shown as held.
      await expect.poll(() => page.locator('.pay-held').textContent()).toBe('₱300.00');
      await expect.poll(() => balanceOn(page).textContent()).toBe('₱700.00');
    });
    expect(await walletBalance(member)).toBe('700.00');

    await decide('withdrawals', member.userName, 'approve');

    await onPhone(member, async (page) => {
      await page.goto('/m/withdraw');
      await page.getByRole('tab', { name: pay('withdraw.history') }).click();
      await expect
        .poll(() => page.locator('.pay-item').first().textContent(), { timeout: 20_000 })
        .toContain(pay('withdrawStatus.APPROVED'));

      // A second request, 200, which the operator rejects: held, then returned.
      await page.getByRole('tab', { name: pay('withdraw.tab') }).click();
      await page.getByLabel(pay('amount.label'), { exact: true }).fill('200');
      await page.getByRole('button', { name: pay('withdraw.submit'), exact: true }).click();
      await page.getByRole('dialog').getByLabel(pay('fund.password')).fill('fund-2026');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: pay('withdraw.confirm') })
        .click();
      await expect.poll(() => balanceOn(page).textContent()).toBe('₱500.00');
    });

    await decide('withdrawals', member.userName, 'reject', 'Name does not match the bank account');

    await onPhone(member, async (page) => {
      await page.goto('/m/withdraw');
      await expect.poll(() => balanceOn(page).textContent()).toBe('₱700.00');
      await page.getByRole('tab', { name: pay('withdraw.history') }).click();
      const item = page.locator('.pay-item').first();
      await expect.poll(() => item.textContent()).toContain(pay('withdrawStatus.REJECTED'));
      await item.locator('summary').click();
      await expect.poll(() => item.textContent()).toContain('Name does not match the bank account');
    });
    expect(await walletBalance(member)).toBe('700.00');
    await expectLedgerOk();
  });
});
