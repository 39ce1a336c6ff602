import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';

/**
 * Promotions at 390×844 in English and Arabic: a member browses the category tabs, opens the
 * free-money promotion and applies; an operator approves it in the back office; the balance rises
 * once and the bonus's turnover shows on the withdraw screen. Real server, real ledger.
 */

const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(shots, { recursive: true });
const MEMBER_PASSWORD = 'Member-pass-2026';

const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [name, value]) => s.replace(`{{${name}}}`, String(value)), template);
const bo = (key: string, values: Record<string, string | number> = {}) => fill(text('EN', 'bo', key), values);
const pay = (language: string, key: string) => text(language, 'pay', key);
/** A string of this feature's own catalogue (`promo`). */
function promo(language: string, key: string): string {
  const file = path.resolve(
    import.meta.dirname,
    `../packages/i18n/locales/${language.toLowerCase()}/promo.json`,
  );
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)?.[part],
      JSON.parse(readFileSync(file, 'utf8')),
    );
  if (typeof value !== 'string') throw new Error(`no catalogue text ${language}:promo:${key}`);
  return value;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function expectLedgerOk(): Promise<void> {
  const { body } = await api<{ ok: boolean; breaches: unknown[] }>('GET', '/bo/api/ledger/verify', {
    token: await staffToken(),
  });
  expect(body.value, JSON.stringify(body.value?.breaches)).toMatchObject({ ok: true });
}

async function walletBalance(member: MemberSession): Promise<string> {
  const { body } = await api<{ sumBalance: string }>('GET', '/wps/wallets/gcs', { token: member.token });
  return body.value!.sumBalance;
}

async function freeMoneyPromotion(): Promise<{ id: number; title: string; maxAmount: string }> {
  const { body } = await api<{ list: { id: number; kind: string; title: string; maxAmount: string }[] }>(
    'GET',
    '/wps/promotions?language=EN',
  );
  return body.value!.list.find((p) => p.kind === 'FREE_MONEY')!;
}

async function onPhone(member: MemberSession, language: string, run: (page: Page) => Promise<void>) {
  const { page, context } = await newPhone(browser, {
    storage: { ...signedInStorage(member), language },
  });
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

/** The operator approves the member's waiting application in the back office. */
async function approveInBackOffice(userName: string, screenshot: boolean): Promise<void> {
  const page = await signedInConsole(browser);
  const context = page.context();
  try {
    await page.getByRole('link', { name: bo('promotions.nav') }).click();
    const row = page.locator('tbody tr', { hasText: userName }).first();
    await row.waitFor();
    if (screenshot) await page.screenshot({ path: path.join(shots, 'bo-promotions.png'), fullPage: true });
    await row.getByRole('button', { name: bo('money.approve') }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(userName);
    // The amount the rule gives (the fixed amount) is filled in; the operator confirms it.
    expect(await dialog.getByRole('textbox').inputValue()).toBe('10.00');
    await dialog.getByRole('button', { name: bo('money.confirmApprove') }).click();
    await page.getByRole('status').waitFor();
    await expect.poll(() => page.locator('tbody tr', { hasText: userName }).count()).toBe(0);
  } finally {
    await context.close();
  }
}

describe.each(['EN', 'AR'])('promotions (%s)', (language) => {
  const suffix = language === 'EN' ? '' : `-${language.toLowerCase()}`;

  it('browses tabs, applies for the free money, an operator approves, the balance rises once with its turnover', async () => {
    const member = await registerMember(`promo${language.toLowerCase()}`);
    const fund = await api('PUT', '/wps/member/fundPassword', {
      token: member.token,
      body: { newFundPassword: 'fund-2026', loginPassword: MEMBER_PASSWORD },
    });
    expect(fund.status, JSON.stringify(fund.body)).toBe(200);
    const free = await freeMoneyPromotion();

    await onPhone(member, language, async (page) => {
      await page.goto('/m/activity');
      const tabs = page.getByRole('tab');
      await expect.poll(() => tabs.count()).toBeGreaterThan(2);
      expect(await page.getAttribute('html', 'dir')).toBe(language === 'AR' ? 'rtl' : 'ltr');
      expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => page.locator('.promo-item').count()).toBe(3);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('img.promo-thumb')]
          .slice(0, 3)
          .every((img) => img.complete && img.naturalWidth > 0),
      );
      await page.screenshot({ path: path.join(shots, `promotions${suffix}.png`) });

      // The free-bonus tab holds only the free-money promotion; its accordion opens in place.
      await page.getByRole('tab', { name: promo(language, 'tabs.free') }).click();
      await expect.poll(() => page.locator('.promo-item').count()).toBe(1);
      const item = page.locator('.promo-item').first();
      expect(await item.textContent()).toContain(promo(language, 'detail.longTerm'));
      await item.locator('.promo-head').click();
      await item.getByRole('link', { name: promo(language, 'list.details') }).click();

      await page.waitForURL(new RegExp(`/m/activityDetail\\?id=${free.id}$`));
      const article = page.locator('.promo-article');
      await article.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('img.promo-hero');
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      expect(await article.textContent()).toContain(promo(language, 'detail.longTerm'));
      await page.getByRole('button', { name: promo(language, 'state.join') }).click();
      await page.getByRole('button', { name: promo(language, 'state.applying') }).waitFor();
      expect(await page.locator('.promo-hint').textContent()).toBe(promo(language, 'hint.applying'));
    });
    expect(await walletBalance(member)).toBe('0.00');

    await approveInBackOffice(member.userName, language === 'EN');
    expect(await walletBalance(member)).toBe('10.00');

    // Approving again (a second operator, a retry) moves nothing.
    const { body: page } = await api<{ list: { id: string; userName: string }[] }>(
      'GET',
      '/bo/api/promotion-applications?status=ISSUED&pageSize=100',
      { token: await staffToken() },
    );
    const application = page.value!.list.find((a) => a.userName === member.userName)!;
    const again = await api<{ duplicate: boolean }>(
      'POST',
      `/bo/api/promotion-applications/${application.id}/approve`,
      { token: await staffToken(), body: {} },
    );
    expect(again.body.value?.duplicate).toBe(true);
    expect(await walletBalance(member)).toBe('10.00');

    await onPhone(member, language, async (page) => {
      await page.goto(`/m/activityDetail?id=${free.id}`);
      await page.getByRole('button', { name: promo(language, 'state.issued') }).waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('img.promo-hero');
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
      await page.screenshot({ path: path.join(shots, `promotion-detail${suffix}.png`) });
      // The bonus's wagering (10.00 × 3) is what the withdraw screen asks for.
      await page.goto('/m/withdraw');
      const turnover = page.getByRole('region', { name: pay(language, 'turnover.title') });
      await expect.poll(() => turnover.textContent()).toContain('30.00');
      await page.screenshot({ path: path.join(shots, `promotion-turnover${suffix}.png`) });
    });
    await expectLedgerOk();
  });
});
