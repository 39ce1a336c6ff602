import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BingoRound, DrawGameAdmin } from '@playhouse/contract/draws';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { openHome } from './support/home.ts';

/**
 * 75-ball bingo (/m/bingo) at 390×844: from the side menu's shortcut, a funded member buys cards on
 * the open round, watches its balls called and daubed, and sees the round's result with every card's
 * outcome; the balance moves by exactly the prices and the wins, once. Rounds run every minute with
 * 20 s of calling for the test (set through the back office, put back after).
 */
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(shots, { recursive: true });

let browser: Browser;
let saved: DrawGameAdmin | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
  const token = await staffToken();
  const { body } = await api<{ list: DrawGameAdmin[] }>('GET', '/bo/api/draws/games', { token });
  saved = body.value!.list.find((g) => g.gameCode === 'BINGO75');
  const { status, body: put } = await api('PUT', '/bo/api/draws/games/BINGO75', {
    token,
    body: { schedule: { kind: 'interval', seconds: 60 }, closeBeforeSeconds: 20 },
  });
  expect(status, JSON.stringify(put)).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  if (saved)
    await api('PUT', '/bo/api/draws/games/BINGO75', {
      token: await staffToken(),
      body: { schedule: saved.schedule, closeBeforeSeconds: saved.closeBeforeSeconds },
    });
});

const cents = (money: string) => Math.round(Number(money.replace(/[^\d.-]/g, '')) * 100);

async function fund(member: MemberSession, amount: string) {
  const { status } = await api('POST', '/bo/api/wallet/adjustments', {
    token: await staffToken(),
    body: { userName: member.userName, amount, reason: 'e2e bingo' },
  });
  expect(status).toBe(200);
}

async function balance(member: MemberSession) {
  const { body } = await api<{ sumBalance: string }>('GET', '/wps/wallets/gcs', { token: member.token });
  return cents(body.value!.sumBalance);
}

const round = async (member?: MemberSession) =>
  (await api<BingoRound>('GET', '/lotto/lgw/bingo/round', member ? { token: member.token } : {})).body.value!;

describe('bingo on a phone', () => {
  it(
    'buys two cards from the side menu’s shortcut, watches the round called and is paid once (English)',
    { timeout: 240_000 },
    async () => {
      const b = (key: string) => text('EN', 'draws', `bingo.${key}`);
      const member = await registerMember('bingoen');
      await fund(member, '100.00');
      const { page, context } = await newPhone(browser, {
        storage: { ...signedInStorage(member), language: 'EN' },
      });
      try {
        // The welcome popups a new member is greeted with are closed before the menu is opened.
        await openHome(page, true);
        await page
          .getByRole('button', { name: text('EN', 'web', 'header.openMenu') })
          .first()
          .click();
        await page.locator('button.tile', { hasText: text('EN', 'web', 'menu.tiles.bingo') }).click();
        await page.waitForURL('**/m/bingo');
        await page.getByTestId('bingo-countdown').waitFor();
        // A round about to stop selling could refuse the cards: wait for the next one.
        let open = (await round()).open!;
        while (open.closeAt - Date.now() < 12_000) {
          await page.waitForTimeout(2000);
          open = (await round()).open!;
        }
        await page.reload();
        await page.getByTestId('bingo-countdown').waitFor();
        const before = await balance(member);
        await page.getByRole('button', { name: '2', exact: true }).click();
        await expect.poll(() => page.getByTestId('bingo-deal').locator('.bg-card').count()).toBe(2);
        await page.screenshot({ path: path.join(shots, 'bingo-en-buy.png'), fullPage: false });
        await page.getByTestId('bingo-buy-button').click();
        await page.getByText(b('bought').replace('{{n}}', '2')).waitFor();
        const mine = (await round(member)).cards.filter((c) => c.numero === open.numero);
        expect(mine).toHaveLength(2);
        const stakes = mine.reduce((s, c) => s + cents(c.stake), 0);
        expect(stakes).toBe(200);
        expect(await balance(member)).toBe(before - stakes);
        await page.getByTestId('bingo-next-cards').waitFor();

        // The round closes; its balls are called one by one and daubed on the member's cards.
        const live = page.getByTestId('bingo-live');
        await expect
          .poll(async () => (await round()).live?.numero, { timeout: 60_000, interval: 1000 })
          .toBe(open.numero);
        // The page shows this round (not the one called before it) once its next answer arrives.
        await expect
          .poll(async () => (await page.getByTestId('bingo-live').textContent()) ?? '')
          .toContain(open.numero);
        await page.getByTestId('bingo-last-ball').waitFor();
        await live.scrollIntoViewIfNeeded();
        await expect
          .poll(() => page.getByTestId('bingo-status').textContent())
          .toMatch(/^Ball [1-9]\d* of 40$/);
        // Balls come every half second: the member's cards are daubed as their numbers come up.
        await expect
          .poll(() => page.getByTestId('bingo-live-cards').locator('[data-daubed]').count(), {
            timeout: 20_000,
          })
          .toBeGreaterThan(0);
        await page.screenshot({ path: path.join(shots, 'bingo-en-calling.png'), fullPage: false });

        // The result: every card's outcome, and the balance moved by exactly the wins, once.
        await page.getByTestId('bingo-outcome').waitFor({ timeout: 40_000 });
        expect(await page.getByTestId('bingo-status').textContent()).toBe(b('over'));
        const after = (await round(member)).cards.filter((c) => c.numero === open.numero);
        expect(after.every((c) => c.status === 'won' || c.status === 'lost')).toBe(true);
        const wins = after.reduce((s, c) => s + cents(c.win), 0);
        const outcome = await page.getByTestId('bingo-outcome').textContent();
        if (wins > 0) expect(outcome).toContain((wins / 100).toFixed(2));
        else expect(outcome).toBe(b('noWin'));
        const captions = await page.getByTestId('bingo-live-cards').locator('figcaption').allTextContents();
        after.forEach((c, i) =>
          expect(captions[i]).toContain(c.pattern ? b(`patterns.${c.pattern}`) : b('noPattern')),
        );
        expect(await page.getByTestId('bingo-live-cards').locator('[data-daubed]').count()).toBe(
          after.reduce((s, c) => s + c.daubed.length, 0),
        );
        await page.screenshot({ path: path.join(shots, 'bingo-en-result.png'), fullPage: false });
        expect(await balance(member)).toBe(before - stakes + wins);
        await page.waitForTimeout(2500);
        expect(await balance(member)).toBe(before - stakes + wins);

        // Both cards stand in the bet record.
        const { body } = await api<{ list: { roundId: string }[] }>(
          'GET',
          '/lgw/orders?gameType=ALL&pageSize=50',
          {
            token: member.token,
          },
        );
        for (const c of after) expect(body.value!.list.map((o) => o.roundId)).toContain(c.ticketId);
      } finally {
        await context.close();
      }
      const { body } = await api<{ ok: boolean }>('GET', '/bo/api/ledger/verify', {
        token: await staffToken(),
      });
      expect(body.value).toMatchObject({ ok: true });
    },
  );

  it('shows the round, the cards and the prizes right to left in Arabic, within a 360-pixel screen', async () => {
    const member = await registerMember('bingoar');
    await fund(member, '10.00');
    const { page, context } = await newPhone(browser, {
      storage: { ...signedInStorage(member), language: 'AR' },
    });
    try {
      await page.goto('/m/bingo');
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByText(text('AR', 'draws', 'bingo.prizes')).waitFor();
      await page.getByTestId('bingo-deal').locator('.bg-card').first().waitFor();
      await page.screenshot({ path: path.join(shots, 'bingo-ar.png'), fullPage: false });
      await page.setViewportSize({ width: 360, height: 780 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
