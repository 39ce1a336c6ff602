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

const demo = (key: string) => text('EN', 'lobby', `demoGame.${key}`);
const amountIn = (page: Page) => page.locator('.header-member .balance-amount');

async function balanceOf(member: MemberSession): Promise<string> {
  const { body } = await api<{ sumBalance: string }>('GET', '/wps/wallets/gcs', { token: member.token });
  return body.value!.sumBalance;
}

/** A phone for one test, closed however the test ends. */
async function onPhone(storage: Record<string, string>, run: (page: Page) => Promise<void>) {
  const { page, context } = await newPhone(browser, { storage: { ...storage, language: 'EN' } });
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

const firstTile = (page: Page) =>
  page.locator('[data-section="list"] .game-tile:not(.skeleton-tile) .game-art').first();

describe('demo vendors (demo mode on in the demo data)', () => {
  it('opens a DEMO game from a vendor tile that stakes real money, and the lobby shows the new balance on return', async () => {
    const member = await registerMember('demo');
    const { status } = await api('POST', '/bo/api/wallet/adjustments', {
      token: await staffToken(),
      body: { userName: member.userName, amount: '500.00', reason: 'e2e demo vendor' },
    });
    expect(status).toBe(200);

    // The provider starts next to the server (after it is up): wait until demo launches answer.
    const jili = await api<{ games: { nodeId: number }[] }>(
      'GET',
      '/wps/relay/GCSGAME_gameList?vassalage=JILI&pageSize=1',
    );
    await expect
      .poll(
        async () =>
          (
            await api('GET', `/wps/game/launchGame?nodeId=${jili.body.value!.games[0]!.nodeId}`, {
              token: member.token,
            })
          ).status,
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(200);

    await onPhone(signedInStorage(member), async (page) => {
      // Home: the header shows the balance; a member's visit opens with the login popups.
      await page.goto('/m/home');
      await expect.poll(() => amountIn(page).textContent(), { timeout: 30_000 }).toBe('₱500.00');
      const popup = page.getByRole('dialog');
      await popup.waitFor();
      await popup.getByRole('button', { name: text('EN', 'lobby', 'popups.close'), exact: true }).click();
      const lobbyOrigin = new URL(page.url()).origin;
      const tile = page.locator('[data-section="provider-JILI"] .game-tile:not(.skeleton-tile)').first();
      const name = (await tile.locator('.game-name').textContent())!;
      await tile.locator('.game-art').click();

      // The provider's page, on its own origin, full screen, labelled DEMO, with a way back.
      await page.waitForURL((url) => url.pathname === '/demo/game');
      expect(new URL(page.url()).origin).not.toBe(lobbyOrigin);
      await expect
        .poll(() => page.locator('[data-demo-badge]').textContent(), { timeout: 30_000 })
        .toBe(demo('badge'));
      expect(await page.locator('.stands').textContent()).toContain(name);
      expect(await page.locator('[data-balance]').textContent()).toBe('500.00');
      const back = page.getByRole('link', { name: demo('back') });
      expect(await back.getAttribute('href')).toBe(`${lobbyOrigin}/m/home`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);

      // A spin is a bet then a win on our seamless wallet; no multiplier is 1, so the balance moves.
      await page.getByRole('button', { name: demo('spin'), exact: true }).click();
      await expect
        .poll(() => page.locator('[data-balance]').textContent(), { timeout: 30_000 })
        .not.toBe('500.00');
      const shown = (await page.locator('[data-balance]').textContent())!;
      const win = Number(await page.locator('[data-win]').textContent());
      expect(Number(shown)).toBeCloseTo(500 - 1 + win, 2);
      expect(await balanceOf(member)).toBe(shown);

      // Back in the lobby, the header shows the balance the game left.
      await back.click();
      await page.waitForURL((url) => url.origin === lobbyOrigin && url.pathname === '/m/home');
      await expect.poll(() => amountIn(page).textContent(), { timeout: 30_000 }).toBe(`₱${shown}`);
    });
  }, 240_000);

  it('sends a guest who taps a game to log in', async () => {
    const { page, context } = await newPhone(browser, { storage: { language: 'EN' } });
    try {
      await page.goto('/m/provider?vassalage=JILI');
      await firstTile(page).click();
      await page.waitForURL((url) => url.pathname === '/m/login');
    } finally {
      await context.close();
    }
  });
});
