import type { Browser, Page } from 'playwright-core';
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

const play = (key: string) => text('EN', 'play', key);
const rec = (key: string) => text('EN', 'records', key);

interface Round {
  roundId: string;
  stake: string;
  win: string;
  balance: string;
  shown: boolean;
}

/** The operator credits the member through the back office's adjustments API. */
async function fund(member: MemberSession, amount: string) {
  const { status, body } = await api('POST', '/bo/api/wallet/adjustments', {
    token: await staffToken(),
    body: { userName: member.userName, amount, reason: 'e2e in-house play' },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const peso = (minor: number) =>
  `₱${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const headerBalance = (page: Page) => page.locator('.header-member .balance-amount');

async function ledgerIsSound() {
  const { body } = await api<{ ok: boolean; breaches: unknown[] }>('GET', '/bo/api/ledger/verify', {
    token: await staffToken(),
  });
  expect(body.value, JSON.stringify(body)).toMatchObject({ ok: true, breaches: [] });
}

async function onPhone(storage: Record<string, string>, run: (page: Page) => Promise<void>) {
  const { page, context } = await newPhone(browser, {
    storage: { ...storage, language: 'EN', playMuted: '1' },
  });
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

describe('in-house games', () => {
  it('plays SEVENS from the lobby: balance by stake and win, back to the lobby, bet record, fairness after rotation', async () => {
    const member = await registerMember('slot');
    await fund(member, '100.00');
    const { body: game } = await api<{ name: string }>('GET', '/play/api/games/SEVENS');
    const name = game.value!.name;

    await onPhone(signedInStorage(member), async (page) => {
      // Home's header shows the funded balance (after the member's login popups are closed).
      await page.goto('/m/home');
      await expect.poll(() => headerBalance(page).textContent()).toBe('₱100.00');
      const popup = page.getByRole('dialog');
      await popup.waitFor();
      await popup.getByRole('button', { name: text('EN', 'lobby', 'popups.close'), exact: true }).click();

      // The in-house tab lists the game; its tile opens it full screen, outside the lobby's shell.
      await page.goto('/m/inHouse');
      const tile = page.locator('[data-section="list"] .game-tile', { hasText: name });
      await tile.locator('.game-art').click();
      await page.waitForURL((url) => /^\/play\/(BGS-)?SEVENS$/.test(url.pathname));
      await page.getByRole('button', { name: play('verbs.spin'), exact: true }).waitFor();
      expect(await page.locator('.header-member').count()).toBe(0);
      const balance = page.getByTestId('game-balance');
      await expect.poll(() => balance.textContent()).toBe('₱100.00');
      const stake = cents((await page.getByTestId('game-stake').textContent())!.replace(/[^\d.]/g, ''));

      // A spin: the stake leaves the balance at once; the reels run at least the minimum spin time.
      await page.getByRole('button', { name: play('verbs.spin'), exact: true }).click();
      expect(await page.locator('.pl-screen[data-busy]').count()).toBe(1);
      await expect.poll(() => balance.textContent()).toBe(peso(10_000 - stake));
      await page.locator('.pl-screen:not([data-busy])').waitFor();

      const { body: recent } = await api<{ list: Round[] }>(
        'GET',
        '/play/api/rounds/recent?gameCode=SEVENS',
        {
          token: member.token,
        },
      );
      const round = recent.value!.list[0]!;
      expect(recent.value!.list).toHaveLength(1);
      expect(cents(round.stake)).toBe(stake);
      // Exactly the stake out and the win in, as the server settled it; the round was acknowledged.
      const after = 10_000 - stake + cents(round.win);
      expect(cents(round.balance)).toBe(after);
      await expect.poll(() => balance.textContent()).toBe(peso(after));
      expect(await page.getByTestId('game-win').textContent()).toBe(peso(cents(round.win)));
      await expect
        .poll(async () => {
          const { body } = await api<{ list: Round[] }>('GET', '/play/api/rounds/unshown?gameCode=SEVENS', {
            token: member.token,
          });
          return body.value!.list.length;
        })
        .toBe(0);

      // Back to the lobby it came from, then home: the header shows the new balance.
      await page.getByRole('button', { name: play('backToLobby') }).click();
      await page.waitForURL('**/m/inHouse');
      await page.locator('.footer-tab[href="/m/home"]').click();
      await page.waitForURL('**/m/home');
      await expect.poll(() => headerBalance(page).textContent()).toBe(peso(after));

      // The bet record lists the round; its detail has the amounts and the fairness data.
      await page.goto('/m/gameRecord');
      const row = page.locator(`.rec-bet[data-round="${round.roundId}"]`);
      await row.click();
      await expect.poll(() => page.getByTestId('bet-stake').textContent()).toBe(peso(stake));
      expect(await page.getByTestId('bet-win').textContent()).toBe(peso(cents(round.win)));
      expect(await page.getByTestId('bet-server-seed').textContent()).toBe(rec('bets.notRevealed'));

      // Its link opens the fairness page prefilled; the seed is revealed by rotating, then verified.
      await page.getByRole('link', { name: rec('bets.verify') }).click();
      await page.waitForURL('**/m/fairness?**');
      await page.getByText(play('fair.notRevealed')).waitFor();
      await page.getByRole('button', { name: play('fair.rotate') }).click();
      await page.getByTestId('seed-revealed').waitFor();
      await expect
        .poll(() => page.getByLabel(play('fair.serverSeed')).inputValue())
        .toMatch(/^[0-9a-f]{64}$/);
      await page.getByRole('button', { name: play('fair.verify'), exact: true }).click();
      const result = page.getByTestId('fair-result');
      await result.waitFor();
      expect(await result.textContent()).toContain(play('fair.commitmentOk'));
      expect(await result.textContent()).toContain(play('fair.browserAgrees'));
      expect(await page.getByTestId('fair-win').textContent()).toBe(peso(cents(round.win)));
      expect(await page.getByTestId('fair-match').textContent()).toBe(`✓ ${play('fair.matchesRound')}`);
    });
    await ledgerIsSound();
  }, 180_000);

  it('shows a round drawn but never shown first, then acknowledges it', async () => {
    const member = await registerMember('pend');
    await fund(member, '20.00');
    const { body } = await api<Round>('POST', '/play/api/rounds', {
      token: member.token,
      body: {
        gameCode: 'DICE',
        stake: '1.00',
        requestId: `e2e-pending-${Date.now()}`,
        options: { target: 50, direction: 'over' },
      },
    });
    const round = body.value!;
    expect(round.shown).toBe(false);
    await onPhone(signedInStorage(member), async (page) => {
      await page.goto('/play/DICE');
      // The screen says it is showing the unfinished round, shows it, then is free to play.
      await page.getByText(play('pendingShowing')).waitFor();
      await page.locator('.pl-screen:not([data-busy])').waitFor();
      await expect
        .poll(() => page.getByTestId('game-balance').textContent())
        .toBe(peso(cents(round.balance)));
      await expect
        .poll(async () => {
          const { body: unshown } = await api<{ list: Round[] }>(
            'GET',
            '/play/api/rounds/unshown?gameCode=DICE',
            {
              token: member.token,
            },
          );
          return unshown.value!.list.length;
        })
        .toBe(0);
    });
    await ledgerIsSound();
  });

  it('sends a guest who taps a game, or opens one, to log in', async () => {
    await onPhone({}, async (page) => {
      await page.goto('/m/inHouse');
      await page.locator('[data-section="list"] .game-tile:not(.skeleton-tile) .game-art').first().click();
      await page.waitForURL('**/m/login');
      await page.goto('/play/SEVENS');
      await page.waitForURL('**/m/login');
    });
  });
});
