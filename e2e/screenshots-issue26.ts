import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from './support/chromium.ts';
import { startServer } from './support/server.ts';
import { apiCaller, memberScripts } from './support/screenshot-api.ts';

/**
 * Issue 26 at phone size (390×844), in English and Arabic: in-house game rounds that returned less
 * than their stake (shown as losses with the amount returned), the legal pages the footer and the
 * sign-up consent open, and the back office's editor of a legal page.
 * Rounds are real: the script plays rounds through the API until one returned less than its stake,
 * acknowledges every other, and opens the game, which shows that unshown round first.
 * Usage: node --import tsx e2e/screenshots-issue26.ts (after a build).
 */
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(out, { recursive: true });
const PASSWORD = 'screenshot-admin-password';
/** `ONLY=legal` takes only the legal pages; `ONLY=WHEEL,SEVENS` only those games. */
const only = process.env.ONLY?.split(',');
const withLegal = !only || only.includes('legal');

interface Round {
  roundId: string;
  win: string;
  stake: string;
}

const server = await startServer(PASSWORD);
const browser = await launchBrowser();
try {
  const call = apiCaller(server.baseUrl);
  const { register, playUntil } = await memberScripts<Round>(call, PASSWORD);

  const phone = async (language: string, session?: { token: string; userName: string; type: number }) => {
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
        if (info) localStorage.setItem('MC_SESSION_INFO', info);
        localStorage.setItem('language', lang);
        localStorage.setItem('playMuted', '1');
      },
      [session ? JSON.stringify(session) : '', language] as const,
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    return { context, page };
  };
  const shot = async (page: Page, name: string, fullPage = false) => {
    await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
    console.info(`saved ${name}.png`);
  };

  const partial = (r: Round) => Number(r.win) > 0 && Number(r.win) < Number(r.stake);
  const GAMES = [
    { code: 'SEVENS', stake: '5.00', options: undefined },
    { code: 'CASCADE', stake: '5.00', options: undefined },
    { code: 'WHEEL', stake: '5.00', options: { risk: 'low' } },
  ];
  for (const language of ['EN', 'AR']) {
    const suffix = language.toLowerCase();
    const session = await register(`shot26${suffix}${Date.now().toString(36)}`);
    for (const game of GAMES.filter((g) => !only || only.includes(g.code))) {
      await playUntil(session.token, game.code, game.stake, game.options, partial);
      const { context, page } = await phone(language, session);
      await page.goto(`/play/${game.code}`);
      await page.locator('.pl-spin').waitFor();
      await page.locator('.pl-banner-loss').waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => !document.querySelector('.pl-screen[data-busy]'), undefined, {
        timeout: 60_000,
      });
      await page.waitForTimeout(500);
      await shot(page, `play-${game.code.toLowerCase()}-returned-${suffix}`);
      await context.close();
    }

    // The legal pages from the footer, and the sign-up consent.
    if (withLegal) {
      const { context, page } = await phone(language);
      for (const kind of ['terms', 'licence', 'age']) {
        await page.goto(`/m/legal?doc=${kind}`);
        await page.locator('.legal-title').waitFor();
        await page.waitForTimeout(400);
        await shot(page, `legal-${kind}-${suffix}`);
      }
      await page.goto('/m/home');
      await page.locator('.legal-footer').waitFor();
      // Home's sections load as they come into view: scroll until the page stops growing.
      for (let i = 0; i < 8; i++) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(500);
      }
      await shot(page, `legal-footer-${suffix}`);
      await page.goto('/m/register');
      await page.getByTestId('consent-terms').scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
      await shot(page, `register-consent-${suffix}`);
      await context.close();
    }
  }

  // The back office's editor of one document in one language.
  if (withLegal) {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/bo/');
    await page.fill('input[name=username]', 'admin');
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    await page.getByRole('link', { name: 'Legal pages' }).click();
    await page.locator('table tbody tr').first().waitFor();
    await page.goto('/bo/legal?language=AR&kind=complaints');
    await page.locator('form[aria-labelledby=legal-form-title] textarea').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(out, 'bo-legal-editor.png'), fullPage: true });
    console.info('saved bo-legal-editor.png');
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
