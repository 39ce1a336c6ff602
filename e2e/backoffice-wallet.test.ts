import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from './support/api.ts';
import { launchBrowser, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const bo = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (s, [name, value]) => s.replace(`{{${name}}}`, String(value)),
    text('EN', 'bo', key),
  );

describe('back office wallet', () => {
  it('credits a member through the form, shows it in their ledger and passes the ledger check', async () => {
    const member = await registerMember('bowallet');
    const page = await signedInConsole(browser);
    await page.getByRole('link', { name: bo('nav.wallet') }).click();

    const form = page.locator('form[aria-labelledby=adjust-title]');
    await form.getByLabel(bo('wallet.userName')).fill(member.userName);
    await form.getByLabel(bo('wallet.amount')).fill('42.50');
    await form.getByLabel(bo('wallet.reason')).fill('e2e goodwill credit');
    await form.getByRole('button', { name: bo('wallet.submit') }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toBe(bo('wallet.applied', { balance: '42.50' }));

    // The credited member's ledger opens below the form with the new entry and its two lines.
    const ledger = page.locator('section[aria-labelledby=ledger-title]');
    const row = ledger.locator('tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('adjustment');
    const cells = await row.locator('td').allTextContents();
    expect(cells[4]).toContain('42.50');
    expect(cells[5]).toBe('42.50');
    expect(await row.locator('.lines li').count()).toBe(2);

    // An unknown member is refused with the server's message, and nothing moves.
    await form.getByLabel(bo('wallet.userName')).fill('nosuchmember404');
    await form.getByRole('button', { name: bo('wallet.submit') }).click();
    await expect.poll(() => form.getByRole('alert').count()).toBe(1);

    const check = page.locator('section[aria-labelledby=check-title]');
    await check.getByRole('button', { name: bo('wallet.check') }).click();
    await expect.poll(() => check.getByRole('status').textContent()).toContain(bo('wallet.checkOk'));
    expect(await check.getByRole('status').textContent()).toContain(bo('wallet.breaches', { count: 0 }));
    await page.context().close();
  });
});
