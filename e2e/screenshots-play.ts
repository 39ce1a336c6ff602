import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.ts';
import { startServer } from './support/server.ts';
import { apiCaller, memberScripts } from './support/screenshot-api.ts';

/**
 * The in-house games, the bet record and the fairness page at phone size (390×844), in English and
 * Arabic: each game idle, after a win, with its rules; JUNGLE in free spins; CASCADE mid-tumble.
 * Wins are real rounds: the script plays rounds through the API until one has what a picture needs,
 * acknowledges every other, and opens the game, which shows that unshown round first.
 * Usage: npm run screenshots:play -w @playhouse/e2e (after a build). `ONLY=SEVENS` limits the games.
 */
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(out, { recursive: true });
const PASSWORD = 'screenshot-admin-password';
const only = process.env.ONLY?.split(',');
const languages = (process.env.LANGS ?? 'EN,AR').split(',');

interface Round {
  roundId: string;
  win: string;
  stake: string;
  result: Record<string, unknown>;
}

const server = await startServer(PASSWORD);
const browser = await launchBrowser();
try {
  const call = apiCaller(server.baseUrl);
  const { register, playUntil } = await memberScripts<Round>(call, PASSWORD);

  const phone = async (session: { token: string; userName: string; type: number }, language: string) => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: language === 'AR' ? 'ar' : 'en-US',
    });
    await context.addInitScript(
      ([info, lang]) => {
        localStorage.setItem('MC_SESSION_INFO', info);
        localStorage.setItem('language', lang);
        localStorage.setItem('playMuted', '1');
      },
      [JSON.stringify(session), language] as const,
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    return { context, page };
  };
  const shot = async (page: Page, name: string) => {
    await page.screenshot({ path: path.join(out, `${name}.png`) });
    console.info(`saved ${name}.png`);
  };
  const settle = (page: Page) =>
    page.waitForFunction(() => !document.querySelector('.pl-screen[data-busy]'), undefined, {
      timeout: 60_000,
    });

  const GAMES: { code: string; stake: string; options?: unknown; win: (r: Round) => boolean }[] = [
    { code: 'SEVENS', stake: '1.00', win: (r) => Number(r.win) >= 5 },
    { code: 'JUNGLE', stake: '1.00', win: (r) => Number(r.win) >= 3 && !r.result.freeSpins },
    {
      code: 'CASCADE',
      stake: '1.00',
      win: (r) => Array.isArray(r.result.steps) && r.result.steps.length >= 3,
    },
    {
      code: 'DICE',
      stake: '1.00',
      options: { target: 50, direction: 'over' },
      win: (r) => Number(r.win) > 0,
    },
    { code: 'COINFLIP', stake: '1.00', options: { side: 'heads' }, win: (r) => Number(r.win) > 0 },
    { code: 'WHEEL', stake: '1.00', options: { risk: 'medium' }, win: (r) => Number(r.win) >= 2 },
  ];

  for (const language of languages) {
    const suffix = language.toLowerCase();
    const session = await register(`shots${suffix}${Date.now().toString(36)}`);
    for (const game of GAMES.filter((g) => !only || only.includes(g.code))) {
      const code = game.code.toLowerCase();
      // Idle, then the rules.
      {
        const { context, page } = await phone(session, language);
        await page.goto(`/play/${game.code}`);
        await page.locator('.pl-spin').waitFor();
        await settle(page);
        await page.waitForTimeout(400);
        await shot(page, `play-${code}-idle-${suffix}`);
        await page.locator('.pl-top button').last().click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(400);
        await shot(page, `play-${code}-rules-${suffix}`);
        await context.close();
      }
      // A win (for CASCADE, mid-tumble), shown as the unfinished round when the game opens.
      {
        await playUntil(session.token, game.code, game.stake, game.options, game.win);
        const { context, page } = await phone(session, language);
        await page.goto(`/play/${game.code}`);
        await page.locator('.pl-spin').waitFor();
        if (game.code === 'CASCADE') {
          await page.locator('.pl-banner-feature').waitFor({ timeout: 30_000 });
          await page.waitForTimeout(500);
          await shot(page, `play-${code}-cascade-${suffix}`);
        }
        await settle(page);
        await page.waitForTimeout(600);
        await shot(page, `play-${code}-win-${suffix}`);
        await context.close();
      }
      if (game.code === 'JUNGLE') {
        await playUntil(session.token, 'JUNGLE', '1.00', undefined, (r) => Boolean(r.result.freeSpins));
        const { context, page } = await phone(session, language);
        await page.goto('/play/JUNGLE');
        await page.locator('.pl-stage.is-free').waitFor({ timeout: 60_000 });
        // A free spin landed: its reels stopped.
        await page.waitForFunction(
          () =>
            document.querySelector('.pl-stage.is-free') && !document.querySelector('.pl-reel.is-spinning'),
          undefined,
          { timeout: 30_000, polling: 'raf' },
        );
        await page.screenshot({
          path: path.join(out, `play-jungle-freespins-${suffix}.png`),
          animations: 'disabled',
        });
        console.info(`saved play-jungle-freespins-${suffix}.png`);
        await settle(page);
        await context.close();
      }
    }
    // The bet record, a round's detail, and the fairness page opened from it after a rotation.
    {
      const { context, page } = await phone(session, language);
      await page.goto('/m/gameRecord');
      await page.locator('.rec-bet').first().waitFor();
      await page.waitForTimeout(400);
      await shot(page, `bet-record-${suffix}`);
      await page.locator('.rec-bet').first().click();
      await page.locator('[data-testid=bet-round-id]').waitFor();
      await page.waitForTimeout(400);
      await shot(page, `bet-record-detail-${suffix}`);
      await page.locator('.rec-fair a').click();
      await page.waitForURL('**/m/fairness**');
      await page.locator('[data-testid=seed-hash]').waitFor();
      await page.locator('.fair-card button.btn-primary').last().click();
      await page.locator('[data-testid=seed-revealed]').waitFor();
      await page.locator('.fair-form button[type=submit]').click();
      await page.locator('[data-testid=fair-match]').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
      await shot(page, `fairness-${suffix}`);
      await page.locator('[data-testid=fair-result]').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await shot(page, `fairness-result-${suffix}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
