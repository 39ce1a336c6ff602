import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';

/**
 * VIP privileges and manual rebate at 390×844, in English and Arabic (right to left): a funded member
 * plays in-house rounds, sees the rebate accrue by game type at their rank's rate, claims it once
 * (the balance grows by exactly the rebate; a second claim is refused), and sees their VIP rank and
 * progress, with the rank's label in the header.
 */
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(shots, { recursive: true });

interface Rank {
  level: number;
  name: string;
  rebateRates: Record<string, string>;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const cents = (money: string) => Math.round(Number(money.replace(/[^\d.-]/g, '')) * 100);
const plain = (minor: number) =>
  `${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;

async function fund(member: MemberSession, amount: string) {
  const { status } = await api('POST', '/bo/api/wallet/adjustments', {
    token: await staffToken(),
    body: { userName: member.userName, amount, reason: 'e2e VIP and rebate' },
  });
  expect(status).toBe(200);
}

/** In-house rounds through the play API the game screens use (real stakes in the ledger). */
async function playRounds(member: MemberSession, stakes: string[]) {
  for (const stake of stakes) {
    const { status, body } = await api('POST', '/play/api/rounds', {
      token: member.token,
      body: { gameCode: 'COINFLIP', stake, options: { side: 'heads' }, requestId: `e2e-${randomUUID()}` },
    });
    expect(status, JSON.stringify(body)).toBe(200);
  }
}

async function balance(member: MemberSession) {
  const { body } = await api<{ sumBalance: string }>('GET', '/wps/wallets/gcs', { token: member.token });
  return cents(body.value!.sumBalance);
}

/** Closes the login popups if the site shows any. */
async function closePopups(page: Page, lang: 'EN' | 'AR') {
  const popup = page.getByRole('dialog');
  if (await popup.isVisible().catch(() => false))
    await popup
      .getByRole('button', { name: text(lang, 'lobby', 'popups.close'), exact: true })
      .click()
      .catch(() => undefined);
}

describe.each(['EN', 'AR'] as const)('VIP and manual rebate (%s)', (lang) => {
  const vip = (key: string, values: Record<string, string> = {}) =>
    Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text(lang, 'vip', key));
  const suffix = lang === 'AR' ? '-ar' : '';

  it('a funded member plays, sees the rebate accrue, claims it once, and sees VIP progress', async () => {
    const member = await registerMember(lang === 'AR' ? 'vipar' : 'vipen');
    await fund(member, '500.00');
    const { body: ranks } = await api<Rank[]>('GET', '/bo/api/vip/ranks', { token: await staffToken() });
    const base = ranks.value!.find((r) => r.level === 0)!;
    const bp = Math.round(Number(base.rebateRates.INHOUSE ?? '0') * 100);
    expect(bp).toBeGreaterThan(0);

    await playRounds(member, ['100.00', '50.00', '100.00']);
    const staked = 250_00;
    const rebate = Math.floor((staked * bp) / 10_000);

    const { page } = await newPhone(browser, {
      locale: lang === 'AR' ? 'ar' : 'en-US',
      storage: { ...signedInStorage(member), language: lang },
    });
    // The member centre's rebate entry opens the page.
    await page.goto('/m/member/manualRebate');
    await closePopups(page, lang);
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'AR' ? 'rtl' : 'ltr');
    const amount = page.getByTestId('rebate-amount');
    await expect.poll(() => amount.textContent()).toBe(plain(rebate));
    const line = page.getByTestId('rebate-line-INHOUSE');
    await expect.poll(() => line.textContent()).toContain(vip('categories.INHOUSE'));
    expect(await line.textContent()).toContain(plain(staked));
    await page.screenshot({ path: path.join(shots, `manual-rebate${suffix}.png`) });

    // More play accrues more, shown when the page is read again.
    await playRounds(member, ['100.00']);
    const total = Math.floor(((staked + 100_00) * bp) / 10_000);
    await page.reload();
    await expect.poll(() => amount.textContent()).toBe(plain(total));

    // Claim: the balance grows by exactly the rebate, once.
    const before = await balance(member);
    const claim = page.getByRole('button', { name: vip('rebate.claim', { amount: plain(total) }) });
    await claim.click();
    await page.getByText(vip('rebate.claimed', { amount: plain(total) })).waitFor();
    await page.locator('.vip-notice').waitFor();
    expect(
      await page.getByRole('button', { name: vip('rebate.claim', { amount: plain(total) }) }).count(),
    ).toBe(0);
    expect(await balance(member)).toBe(before + total);
    const again = await api('POST', '/wps/member/rebate/claim', { token: member.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REBATE_ALREADY_CLAIMED');
    expect(await balance(member)).toBe(before + total);
    const history = page.getByTestId('rebate-history');
    await expect.poll(() => history.locator('li').count()).toBe(1);
    expect(await history.textContent()).toContain(plain(total));
    await page.screenshot({ path: path.join(shots, `manual-rebate-claimed${suffix}.png`), fullPage: true });

    // VIP privileges: the rank, the spec's progress to the next rank, and every rank's benefits.
    await page.goto('/m/member/benefits');
    await closePopups(page, lang);
    const { body: summary } = await api<{
      progress: number;
      playerRankProgress: { labelName: string | null };
      next: { name: string } | null;
    }>('GET', '/wps/member/vip', { token: member.token });
    const s = summary.value!;
    await expect.poll(() => page.getByTestId('vip-rank').textContent()).toBe(s.playerRankProgress.labelName);
    expect(await page.getByTestId('vip-progress').textContent()).toBe(`${Math.round(s.progress * 100)}%`);
    if (s.next)
      await page
        .getByText(vip('benefits.progress', { name: s.next.name }))
        .first()
        .waitFor();
    expect(await page.locator('.vip-rank').count()).toBe(ranks.value!.length);
    expect(await page.locator('.vip-rank.is-current').count()).toBe(1);
    await page.screenshot({ path: path.join(shots, `vip-benefits${suffix}.png`) });
    await page.screenshot({ path: path.join(shots, `vip-benefits-full${suffix}.png`), fullPage: true });
    // The home header shows the rank's label next to the member's name (VIP is on).
    await page.goto('/m/home');
    await closePopups(page, lang);
    await expect
      .poll(() => page.locator('.header-member .vip-label').textContent())
      .toBe(s.playerRankProgress.labelName);
    await page.context().close();
  });
});

describe('back office VIP ranks', () => {
  const bo = (key: string) => text('EN', 'bo', key);

  it('lists the ranks and changes a rank rebate rate, audited', async () => {
    const page = await signedInConsole(browser);
    const context = page.context();
    await page.getByRole('link', { name: bo('vip.nav') }).click();
    const token = await staffToken();
    const { body } = await api<Rank[]>('GET', '/bo/api/vip/ranks', { token });
    const ranks = body.value!;
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count()).toBe(ranks.length);
    await page.screenshot({ path: path.join(shots, 'bo-vip-ranks.png') });

    const top = ranks[ranks.length - 1]!;
    const before = top.rebateRates.LIVE ?? '';
    await rows
      .filter({ hasText: top.name })
      .getByRole('button', { name: bo('vip.editButton') })
      .click();
    const live = page.getByLabel(text('EN', 'bo', 'vip.categories.LIVE'), { exact: true });
    await live.fill('0.95');
    await page.getByRole('button', { name: bo('vip.save') }).click();
    await expect.poll(() => rows.filter({ hasText: top.name }).textContent()).toContain('0.95%');
    const { body: after } = await api<Rank[]>('GET', '/bo/api/vip/ranks', { token });
    expect(after.value!.find((r) => r.level === top.level)!.rebateRates.LIVE).toBe('0.95');
    const { body: audit } = await api<{ list: { action: string; target: string | null }[] }>(
      'GET',
      '/bo/api/audit?action=vip.rank.updated&pageSize=20',
      { token },
    );
    expect(audit.value!.list.some((a) => a.target === `vip-rank:${top.level}`)).toBe(true);

    // Put the demo rate back.
    const { level: _level, ...rest } = top as Rank & Record<string, unknown>;
    const restored = await api('PUT', `/bo/api/vip/ranks/${top.level}`, {
      token,
      body: { ...rest, rebateRates: { ...top.rebateRates, LIVE: before || '0.00' } },
    });
    expect(restored.status).toBe(200);
    await context.close();
  });
});
