import { readFileSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const web = (key: string) => text('EN', 'web', key);
const rec = (key: string) => text('EN', 'records', key);

/** The operator credits (or debits) the member through the back office's adjustments API. */
async function adjust(member: MemberSession, amount: string) {
  const { status, body } = await api<{ balance: string }>('POST', '/bo/api/wallet/adjustments', {
    token: await staffToken(),
    body: { userName: member.userName, amount, reason: 'e2e account record' },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value!.balance;
}

const amountIn = (page: Page) => page.locator('.header-member .balance-amount');

/** A phone for one test, closed however the test ends. */
async function onPhone(storage: Record<string, string>, run: (page: Page) => Promise<void>) {
  const { page, context } = await newPhone(browser, { storage: { ...storage, language: 'EN' } });
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

describe('balance in the header and the account record', () => {
  it('shows the credited balance, masks it while refreshing, hides and shows it, and refreshes on return', async () => {
    const member = await registerMember('bal');
    await adjust(member, '1234.56');
    await onPhone(signedInStorage(member), async (page) => {
      await page.goto('/m/home');
      await expect.poll(() => amountIn(page).textContent()).toBe('₱1,234.56');
      // A member's home opens with the login popups (once per visit): close them first.
      const popup = page.getByRole('dialog');
      await popup.waitFor();
      await popup.getByRole('button', { name: text('EN', 'lobby', 'popups.close'), exact: true }).click();

      // Refresh: the amount is masked until the new balance arrives.
      await adjust(member, '100.00');
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const hold = async (route: Route) => {
        await held;
        await route.continue();
      };
      await page.route('**/wps/wallets/gcs', hold);
      await page.getByRole('button', { name: web('menu.refreshBalance') }).click();
      await expect.poll(() => amountIn(page).textContent()).toBe('****');
      release();
      await expect.poll(() => amountIn(page).textContent()).toBe('₱1,334.56');
      await page.unroute('**/wps/wallets/gcs', hold);

      // Hide: asterisks, remembered on the device across a reload; show brings the amount back.
      await page.getByRole('button', { name: web('menu.hideBalance') }).click();
      await expect.poll(() => amountIn(page).textContent()).toBe('****');
      await page.reload();
      await expect
        .poll(() => page.getByRole('button', { name: web('menu.showBalance') }).isVisible())
        .toBe(true);
      expect(await amountIn(page).textContent()).toBe('****');
      await page.getByRole('button', { name: web('menu.showBalance') }).click();
      await expect.poll(() => amountIn(page).textContent()).toBe('₱1,334.56');

      // Money moved while the member was in another tab: coming back fetches the balance again.
      await adjust(member, '-34.56');
      await page.evaluate(() => {
        const set = (state: 'hidden' | 'visible') => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
          document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
        };
        set('hidden');
        set('visible');
      });
      await expect.poll(() => amountIn(page).textContent()).toBe('₱1,300.00');
    });
  });

  it('lists the movement in the account record, filters it, and downloads the statement', async () => {
    const member = await registerMember('rec');
    await adjust(member, '250.75');
    await adjust(member, '-0.75');
    await onPhone(signedInStorage(member), async (page) => {
      // From the member centre.
      await page.goto('/m/mine');
      await page.getByRole('link', { name: text('EN', 'member', 'mine.menu.transactionRecord') }).click();
      await page.waitForURL('**/m/transaction/record');
      await expect
        .poll(() => page.locator('.header-title').textContent())
        .toBe(web('titles.transactionRecord'));

      const rows = page.locator('.rec-row');
      await expect.poll(() => rows.count()).toBe(2);
      const credit = rows.filter({ hasText: '+250.75' });
      expect(await credit.locator('strong').textContent()).toBe(rec('kinds.adjustment'));
      // Amounts and references sit in Unicode isolates, whole in either writing direction.
      const after = await credit.locator('.rec-after').textContent();
      expect(after).toBe(rec('list.balanceAfter').replace('{{amount}}', '\u2068250.75\u2069'));
      expect(await rows.first().locator('.rec-amount').textContent()).toBe('\u22120.75');
      expect(await page.locator('.rec-totals').textContent()).toContain(
        rec('totals.count').replace('{{count}}', '2'),
      );

      // A type with nothing in it shows the empty state; All brings the movements back.
      await page.getByRole('button', { name: rec('types.bet'), exact: true }).click();
      await expect.poll(() => page.getByText(rec('list.empty')).isVisible()).toBe(true);
      await page.getByRole('button', { name: rec('types.all'), exact: true }).click();
      await expect.poll(() => rows.count()).toBe(2);

      // The statement of the same period, and its CSV.
      const statement = page.locator('.rec-statement');
      await expect
        .poll(() => statement.locator('.rec-figure-strong').last().textContent())
        .toContain('₱250.00');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: rec('statement.download') }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.split('\r\n');
      expect(lines[0]).toBe('Date,Type,Amount,Balance after,Reference,Entry');
      expect(lines.filter((l) => /,Adjustment,250\.75,250\.75,,\d+$/.test(l))).toHaveLength(1);
      expect(lines.filter((l) => /,Adjustment,-0\.75,250\.00,,\d+$/.test(l))).toHaveLength(1);
      expect(lines).toContain('Adjustments,250.00');
      expect(lines).toContain('Closing balance,250.00');
    });
  });

  it('sends a guest to the login screen', async () => {
    await onPhone({}, async (page) => {
      await page.goto('/m/transaction/record');
      await page.waitForURL('**/m/login');
    });
  });
});
