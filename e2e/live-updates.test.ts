import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { rgbPng } from './support/png.ts';
import { baseUrl } from './support/workers.ts';

/**
 * The live channel as a player meets it: signed in on a phone (English and Arabic), the header's
 * balance changes the moment an operator approves their bank transfer in the back office, with no
 * reload and no tap on refresh. The page is marked before, and the mark still there proves no reload.
 */

const bo = (key: string) => text('EN', 'bo', key);
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A pending bank transfer of `amount` with a real receipt, made through the member API. */
async function pendingDeposit(member: MemberSession, amount: string): Promise<string> {
  const channels = await api<{ channelId: number; kind: string }[]>(
    'GET',
    '/wps/relay/MCS2_depositChannels',
    {
      token: member.token,
    },
  );
  const bank = channels.body.value!.find((c) => c.kind === 'BANK_TRANSFER')!;
  const upload = await fetch(`${baseUrl()}/wps/uploads?purpose=receipt`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'image/png' },
    body: new Uint8Array(rgbPng(64, 48, () => [40, 160, 90])),
  });
  const receipt = ((await upload.json()) as { value: { uploads: { uploadId: string }[] } }).value.uploads[0]!;
  const created = await api<{ depositId: string }>('POST', '/wps/relay/MCS2_deposit', {
    token: member.token,
    body: { channelId: bank.channelId, amount, reference: `LIVE-${amount}`, receiptIds: [receipt.uploadId] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.value!.depositId;
}

/** The operator, on a 1366×900 console, approves the member's pending deposit. */
async function approveInConsole(userName: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1366, height: 900 },
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.goto('/bo/');
  await page.getByLabel(bo('login.username')).fill('admin');
  await page.getByLabel(bo('login.password')).fill(inject('adminPassword'));
  await page.getByRole('button', { name: bo('login.submit') }).click();
  await page.getByRole('link', { name: bo('nav.money') }).click();
  await page.getByRole('tab', { name: bo('money.deposits') }).click();
  await page.getByLabel(bo('wallet.userName')).fill(userName);
  await page.getByRole('button', { name: bo('money.apply') }).click();
  const row = page.locator('tbody tr', { hasText: userName }).first();
  await row.getByRole('button', { name: bo('money.approve') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: bo('money.confirmApprove') })
    .click();
  await expect.poll(() => page.locator('tbody tr', { hasText: userName }).count()).toBe(0);
  return page;
}

describe('live updates in the player header', () => {
  for (const language of ['EN', 'AR'] as const) {
    it(`shows a deposit approved in the back office without a reload (${language})`, async () => {
      const member = await registerMember(`live${language.toLowerCase()}`);
      await pendingDeposit(member, '250');
      const { page, context } = await newPhone(browser, {
        storage: { ...signedInStorage(member), language },
      });
      try {
        await page.goto('/m/home');
        const amount = page.locator('.balance-amount');
        await expect.poll(() => amount.textContent()).toMatch(/0\.00$/);
        // The live channel is up once the app has loaded it; mark the page to prove it is never reloaded.
        await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
        await expect
          .poll(() =>
            page.evaluate(() =>
              performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/live-')),
            ),
          )
          .toBe(true);
        const consolePage = await approveInConsole(member.userName);
        await expect.poll(() => amount.textContent()).toMatch(/250\.00$/);
        expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1);
        expect(await page.locator('html').getAttribute('dir')).toBe(language === 'AR' ? 'rtl' : 'ltr');
        await page.screenshot({ path: path.join(shots, `live-balance-${language.toLowerCase()}.png`) });
        await consolePage.context().close();
      } finally {
        await context.close();
      }
      const { body } = await api<{ ok: boolean }>('GET', '/bo/api/ledger/verify', {
        token: await staffToken(),
      });
      expect(body.value?.ok).toBe(true);
    });
  }
});
