import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawGameAdmin, Ticket } from '@playhouse/contract/draws';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';

/**
 * Lottery (/m/lott) and e-lottery (/m/elott) at 390×844, in English and Arabic (right to left): a
 * funded member picks bets, buys tickets, watches the draw roll and reveal, sees the win credited once
 * (the balance moves by exactly the stakes and the wins) and every ticket in the bet record.
 * The draws run every minute for the test (set through the back office, put back after).
 */
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(shots, { recursive: true });

let browser: Browser;
const saved = new Map<string, DrawGameAdmin>();
beforeAll(async () => {
  browser = await launchBrowser();
  const token = await staffToken();
  const { body } = await api<{ list: DrawGameAdmin[] }>('GET', '/bo/api/draws/games', { token });
  for (const g of body.value!.list) saved.set(g.gameCode, g);
  for (const code of ['LOTT3', 'K3']) {
    const { status, body: put } = await api('PUT', `/bo/api/draws/games/${code}`, {
      token,
      body: { schedule: { kind: 'interval', seconds: 60 }, closeBeforeSeconds: 8 },
    });
    expect(status, JSON.stringify(put)).toBe(200);
  }
});
afterAll(async () => {
  await browser?.close();
  const token = await staffToken();
  for (const [code, g] of saved)
    await api('PUT', `/bo/api/draws/games/${code}`, {
      token,
      body: { schedule: g.schedule, closeBeforeSeconds: g.closeBeforeSeconds },
    });
});

const cents = (money: string) => Math.round(Number(money.replace(/[^\d.-]/g, '')) * 100);

async function fund(member: MemberSession, amount: string) {
  const { status } = await api('POST', '/bo/api/wallet/adjustments', {
    token: await staffToken(),
    body: { userName: member.userName, amount, reason: 'e2e draw games' },
  });
  expect(status).toBe(200);
}

async function balance(member: MemberSession) {
  const { body } = await api<{ sumBalance: string }>('GET', '/wps/wallets/gcs', { token: member.token });
  return cents(body.value!.sumBalance);
}

async function tickets(member: MemberSession, gameCode: string) {
  const { body } = await api<{ list: Ticket[] }>('GET', `/lotto/lgw/tickets?gameCode=${gameCode}`, {
    token: member.token,
  });
  return body.value!.list;
}

async function ledgerIsSound() {
  const { body } = await api<{ ok: boolean }>('GET', '/bo/api/ledger/verify', { token: await staffToken() });
  expect(body.value).toMatchObject({ ok: true });
}

/**
 * Buys `picks` on the page's open draw (ticks the picks, buys with the slip), watches the draw until
 * its outcome shows, and checks the money: exactly the stakes left and exactly the wins came back.
 */
async function buyAndWatch(
  page: Page,
  member: MemberSession,
  opts: {
    lang: 'EN' | 'AR';
    route: string;
    gameCode: string;
    picks: { betType: string; selection: string }[];
    shot: string;
  },
) {
  const d = (key: string) => text(opts.lang, 'draws', key);
  await page.goto(opts.route);
  await page.getByTestId('countdown').waitFor();
  // A draw about to close could refuse the order: wait for the next one.
  const closing = async () => {
    const { body } = await api<{ closeAt: number; serverTime: number }>(
      'GET',
      `/lotto/lgw/games/opened/numero?gameCode=${opts.gameCode}`,
    );
    return body.value!.closeAt - body.value!.serverTime;
  };
  while ((await closing()) < 15_000) await page.waitForTimeout(2000);
  await page.reload();
  await page.getByTestId('countdown').waitFor();
  const before = await balance(member);
  for (const { betType, selection } of opts.picks) {
    await page.getByRole('tab', { name: d(`betTypes.${betType}`), exact: true }).click();
    await page.getByTestId(`pick-${betType}-${selection}`).click();
  }
  await page.getByTestId('slip').waitFor();
  await page.screenshot({ path: path.join(shots, `${opts.shot}-slip.png`), fullPage: false });
  await page.getByTestId('buy').click();
  await page
    .getByText(text(opts.lang, 'draws', 'bought').replace('{{n}}', String(opts.picks.length)))
    .waitFor();
  const bought = (await tickets(member, opts.gameCode)).filter((t) => t.status === 'open');
  expect(bought).toHaveLength(opts.picks.length);
  const stakes = bought.reduce((s, t) => s + cents(t.stake), 0);
  expect(await balance(member)).toBe(before - stakes);
  await page.getByTestId('tickets').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `${opts.shot}-tickets.png`), fullPage: false });

  // The draw: the balls roll once betting closes, then drop in; the outcome follows.
  await page.getByTestId('draw-stage').waitFor({ timeout: 80_000 });
  const stage = page.getByTestId('draw-stage');
  await stage.locator('.dr-ball-rolling').first().waitFor({ timeout: 80_000 });
  await stage.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `${opts.shot}-drawing.png`), fullPage: false });
  await page.getByTestId('draw-outcome').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(2200); // the balls have dropped
  await page.screenshot({ path: path.join(shots, `${opts.shot}-result.png`), fullPage: false });

  const settled = (await tickets(member, opts.gameCode)).filter((t) =>
    bought.some((b) => b.ticketId === t.ticketId),
  );
  expect(settled.every((t) => t.status === 'won' || t.status === 'lost')).toBe(true);
  const wins = settled.reduce((s, t) => s + cents(t.win), 0);
  expect(wins).toBeGreaterThan(0);
  await expect.poll(() => page.getByTestId('draw-outcome').textContent()).toContain((wins / 100).toFixed(2));
  // Credited once: the balance is exactly what it was, less the stakes, plus the wins; and stays so.
  expect(await balance(member)).toBe(before - stakes + wins);
  await page.waitForTimeout(2500);
  expect(await balance(member)).toBe(before - stakes + wins);
  return settled;
}

describe('draw games on a phone', () => {
  it(
    'buys e-lottery and lottery tickets, watches the draws and is paid once (English)',
    { timeout: 300_000 },
    async () => {
      const member = await registerMember('drawen');
      await fund(member, '200.00');
      const { page, context } = await newPhone(browser, {
        storage: { ...signedInStorage(member), language: 'EN' },
      });
      try {
        // Fast 3: big, small and any triple together always win exactly once.
        await buyAndWatch(page, member, {
          lang: 'EN',
          route: '/m/elott',
          gameCode: 'K3',
          picks: [
            { betType: 'BIG_SMALL', selection: 'BIG' },
            { betType: 'BIG_SMALL', selection: 'SMALL' },
            { betType: 'ANY_TRIPLE', selection: 'ANY' },
          ],
          shot: 'elott-en',
        });
        // Every ticket stands in the bet record.
        const { body } = await api<{ list: { roundId: string; status: string }[] }>(
          'GET',
          '/lgw/orders?gameType=ALL&pageSize=50',
          { token: member.token },
        );
        const all = await tickets(member, 'K3');
        for (const t of all) expect(body.value!.list.map((o) => o.roundId)).toContain(t.ticketId);
        await page.goto('/m/gameRecord');
        await page.locator('.rec-page').waitFor();
        await page.screenshot({ path: path.join(shots, 'draws-bet-record-en.png'), fullPage: false });
        // A ticket's detail names its bet and its draw's balls, with the draw's seeds.
        const won = all.find((t) => t.status === 'won')!;
        await page.goto(`/m/gameRecord?roundId=${won.ticketId}`);
        await expect.poll(() => page.getByTestId('bet-draw').textContent()).toContain(won.result!.join(' '));
        await page.getByTestId('bet-server-seed').waitFor();
        await page.screenshot({ path: path.join(shots, 'draws-bet-detail-en.png'), fullPage: false });
      } finally {
        await context.close();
      }
      await ledgerIsSound();
    },
  );

  it('buys lottery tickets and watches the draw in Arabic, right to left', { timeout: 300_000 }, async () => {
    const member = await registerMember('drawar');
    await fund(member, '200.00');
    const { page, context } = await newPhone(browser, {
      storage: { ...signedInStorage(member), language: 'AR' },
    });
    try {
      await page.goto('/m/lott');
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // Every first digit: exactly one wins.
      await buyAndWatch(page, member, {
        lang: 'AR',
        route: '/m/lott',
        gameCode: 'LOTT3',
        picks: Array.from({ length: 10 }, (_, d) => ({ betType: 'FIRST', selection: String(d) })),
        shot: 'lott-ar',
      });
      // Nothing spills past a 360-pixel screen.
      await page.setViewportSize({ width: 360, height: 780 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
    await ledgerIsSound();
  });

  it(
    'lets staff set odds and limits (refusing odds that return too much), read the report and void a draw',
    { timeout: 120_000 },
    async () => {
      const bo = (key: string) => text('EN', 'bo', key);
      const member = await registerMember('drawbo');
      await fund(member, '20.00');
      // A ticket on the open e-lottery draw (with time to spare before it closes), which the operator voids.
      const opened = () =>
        api<{ numero: string; closeAt: number; serverTime: number }>(
          'GET',
          '/lotto/lgw/games/opened/numero?gameCode=K3',
        );
      let { body: open } = await opened();
      while (open.value!.closeAt - open.value!.serverTime < 35_000) {
        await new Promise((r) => setTimeout(r, 2000));
        ({ body: open } = await opened());
      }
      const { status } = await api('POST', '/lotto/lgw/orders', {
        token: member.token,
        body: {
          gameCode: 'K3',
          numero: open.value!.numero,
          requestId: `e2e-bo-${Date.now()}`,
          bets: [{ betType: 'SUM', selection: '10', amount: '5.00' }],
        },
      });
      expect(status).toBe(200);
      expect(await balance(member)).toBe(1500);

      const page = await signedInConsole(browser);
      try {
        await page.getByRole('link', { name: bo('draws.nav') }).click();
        const k3 = page.locator('form', { has: page.getByRole('heading', { name: /K3/ }) });
        const odds = k3.getByLabel(`BIG_SMALL ${bo('draws.odds')}`);
        await odds.fill('*: 2.10');
        await k3.getByRole('button', { name: bo('draws.save') }).click();
        await k3.getByText(text('EN', 'common', 'validation.returnTooHigh')).waitFor();
        await page.screenshot({ path: path.join(shots, 'bo-draw-games.png'), fullPage: false });
        await k3.getByRole('button', { name: bo('draws.reset') }).click();

        // The report lists the open draw with its ticket; voiding it refunds the member.
        const row = page.locator('tr', { hasText: `K3 ${open.value!.numero}` });
        await row.scrollIntoViewIfNeeded();
        await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('1');
        page.once('dialog', (dialog) => void dialog.accept('e2e void'));
        await row.getByRole('button', { name: bo('draws.void') }).click();
        await row.getByText(bo('draws.statuses.void'), { exact: true }).waitFor();
        await page.screenshot({ path: path.join(shots, 'bo-draw-report.png'), fullPage: false });
        expect(await balance(member)).toBe(2000);
      } finally {
        await page.context().close();
      }
      await ledgerIsSound();
    },
  );
});
