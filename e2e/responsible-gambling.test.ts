import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { baseUrl } from './support/workers.ts';

/** A vendor no other end-to-end file launches, connected for this file and put back afterwards. */
const VENDOR = 'MYN';
const secret = randomBytes(24).toString('hex');
let before: { enabled: boolean; walletMode: 'seamless' | 'transfer' };
let browser: Browser;

const rg = (key: string) => text('EN', 'rg', key);

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await staffToken();
  const { body } = await api<typeof before>('GET', `/bo/api/vendors/${VENDOR}`, { token });
  before = { enabled: body.value!.enabled, walletMode: body.value!.walletMode };
  const res = await api('PUT', `/bo/api/vendors/${VENDOR}`, {
    token,
    body: { enabled: true, walletMode: 'seamless', secret },
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await api('PUT', `/bo/api/vendors/${VENDOR}`, {
    token: await staffToken(),
    body: { ...before, secret: '' },
  });
  await browser?.close();
});

/** A bet exactly as the provider sends it: the signature covers these bytes. */
async function providerBet(userName: string, amount: string) {
  const payload = JSON.stringify({
    userName,
    transactionId: `t-${randomUUID()}`,
    roundId: `r-${randomUUID()}`,
    gameCode: 'MYN-SLOT-001',
    amount,
  });
  const res = await fetch(`${baseUrl()}/wps/provider/wallet/bet`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      language: 'EN',
      'x-vendor': VENDOR,
      'x-signature': createHmac('sha256', secret).update(payload).digest('hex'),
    },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
}

async function phone(member: MemberSession): Promise<Page> {
  const { page } = await newPhone(browser, { storage: { ...signedInStorage(member), language: 'EN' } });
  return page;
}

describe('responsible gambling', () => {
  it('a loss limit set on the member page refuses a provider bet over it, with a clear code', async () => {
    const member = await registerMember('rgloss');
    const credit = await api<{ balance: string }>('POST', '/bo/api/wallet/adjustments', {
      token: await staffToken(),
      body: { userName: member.userName, amount: '100.00', reason: 'e2e credit' },
    });
    expect(credit.body.value?.balance).toBe('100.00');

    const page = await phone(member);
    // Reached from the member centre.
    await page.goto('/m/mine');
    // The member centre's own menu, not the legal footer's link of the same name.
    await page
      .locator('main')
      .getByRole('link', { name: text('EN', 'member', 'mine.menu.responsibleGambling') })
      .first()
      .click();
    await page.waitForURL('**/m/responsibleGambling');
    await expect
      .poll(() => page.locator('.header-title').textContent())
      .toBe(text('EN', 'web', 'titles.responsibleGambling'));

    await page.getByRole('tab', { name: rg('limits.kinds.loss') }).click();
    await page.getByLabel('24 hours').fill('20');
    await page.getByRole('button', { name: rg('limits.save') }).click();
    await expect.poll(() => page.getByText(rg('limits.saved'), { exact: true }).isVisible()).toBe(true);
    const limits = await api<{ loss: { day: string | null } }>('GET', '/wps/member/limits', {
      token: member.token,
    });
    expect(limits.body.value?.loss.day).toBe('20.00');

    expect((await providerBet(member.userName, '15.00')).status).toBe(200);
    const refused = await providerBet(member.userName, '10.00');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LOSS_LIMIT_REACHED');
    expect(refused.body.message).toMatch(
      /^Loss limit reached: your net loss is 15\.00 of your 20\.00 limit per 24 hours\. You can stake this amount again from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );
    // What still fits is taken.
    expect((await providerBet(member.userName, '5.00')).status).toBe(200);

    // The page shows what the window holds.
    await page.reload();
    await page.getByRole('tab', { name: rg('limits.kinds.loss') }).click();
    await expect
      .poll(() => page.getByText(rg('limits.used').replace('{{amount}}', '20.00')).first().isVisible())
      .toBe(true);
    await page.context().close();
  });

  it('shows a reality check after the chosen interval, with session time and net position', async () => {
    const member = await registerMember('rgcheck');
    await api('PUT', '/wps/member/limits', { token: member.token, body: { realityCheckMinutes: 15 } });
    const page = await phone(member);
    await page.clock.install();
    await page.goto('/m/mine');
    await page.locator('.mc-hero-name').waitFor();
    await page.clock.fastForward('15:01');
    const dialog = page.getByRole('dialog', { name: rg('check.title') });
    // The check is timed once the session's summary has come and its part of the shell has loaded,
    // which a slow machine may finish after the jump above: the page's clock then goes on a minute
    // at a time until it is due.
    await expect
      .poll(async () => {
        if (await dialog.isVisible()) return true;
        await page.clock.fastForward('01:00');
        return dialog.isVisible();
      })
      .toBe(true);
    expect(await dialog.textContent()).toContain(rg('check.net'));
    await dialog.getByRole('button', { name: rg('check.continue') }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.context().close();
  });

  it('shows a running time-out on every page, before any stake or deposit is refused', async () => {
    const member = await registerMember('rgbreak');
    const taken = await api<{ until: number }>('POST', '/wps/member/timeout', {
      token: member.token,
      body: { days: 1 },
    });
    expect(taken.status).toBe(200);
    const page = await phone(member);
    for (const path of ['/m/home', '/m/voucherCenter']) {
      await page.goto(path);
      const strip = page.locator('.rg-break-strip');
      await expect.poll(() => strip.isVisible()).toBe(true);
      // "You are on a break until <date>. …": the sentence before the date, whatever the date's format.
      expect(await strip.textContent()).toContain(rg('status.timeout').split('{{date}}')[0]!);
    }
    await page.context().close();
  });
});
