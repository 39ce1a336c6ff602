import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { authenticatorCode, currentStep } from './support/totp.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Where phone screenshots of this file go when SHOTS_DIR is set (never the docs by default). */
const shotsDir = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png` });
};

async function balanceOf(member: MemberSession): Promise<string> {
  const { body } = await api<{ sumBalance: string }>('GET', '/wps/wallets/gcs', { token: member.token });
  return body.value!.sumBalance;
}

async function onPhone(storage: Record<string, string>, run: (page: Page) => Promise<void>) {
  const { page, context } = await newPhone(browser, { storage });
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

/** Waits until demo launches answer (the provider starts after the server). */
async function providerReady(member: MemberSession) {
  const games = await api<{ games: { nodeId: number }[] }>(
    'GET',
    '/wps/relay/GCSGAME_gameList?vassalage=LVC&pageSize=1',
  );
  await expect
    .poll(
      async () =>
        (
          await api('GET', `/wps/game/launchGame?nodeId=${games.body.value!.games[0]!.nodeId}`, {
            token: member.token,
          })
        ).status,
      { timeout: 120_000, interval: 1000 },
    )
    .toBe(200);
}

const tableText = (language: string, key: string) => text(language, 'lobby', `demoTable.${key}`);

describe('third-party demo games by category', () => {
  for (const language of ['EN', 'AR'] as const)
    it(`opens a live, a fish and a sports tile and plays real rounds (${language})`, async () => {
      const member = await registerMember(`tp${language.toLowerCase()}`);
      const { status } = await api('POST', '/bo/api/wallet/adjustments', {
        token: await staffToken(),
        body: { userName: member.userName, amount: '300.00', reason: 'e2e third-party games' },
      });
      expect(status).toBe(200);
      await providerReady(member);

      await onPhone({ ...signedInStorage(member), language }, async (page) => {
        for (const [vendor, screen] of [
          ['LVC', 'live'],
          ['FSH', 'fish'],
          ['SBK', 'sports'],
        ] as const) {
          await page.goto(`/m/provider?vassalage=${vendor}`);
          const tile = page.locator('.game-tile:not(.skeleton-tile) .game-art').first();
          await tile.click({ timeout: 30_000 });
          await page.waitForURL((url) => url.pathname === '/demo/game', { timeout: 30_000 });
          await page.locator(`main[data-screen="${screen}"]`).waitFor();
          expect(await page.locator('html').getAttribute('dir')).toBe(language === 'AR' ? 'rtl' : 'ltr');
          expect(await page.locator('h1').textContent()).toBe(tableText(language, `${screen}.title`));
          const before = (await page.locator('[data-balance]').textContent())!;
          expect(before).toBe(await balanceOf(member));
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

          // One real round: a bet then a win on our seamless wallet.
          if (screen === 'live') {
            await page.getByRole('button', { name: new RegExp(tableText(language, 'live.tiger')) }).click();
            await page.getByRole('button', { name: tableText(language, 'live.deal'), exact: true }).click();
            await page.locator('[data-seat="DRAGON"] .card[data-rank]').waitFor({ timeout: 30_000 });
          } else if (screen === 'fish') {
            // The fish swims: the tap goes to it wherever it is now.
            await page.locator('.fish[data-pick="CLOWN"]').dispatchEvent('click');
            await expect
              .poll(() => page.locator('[data-splash]').textContent(), { timeout: 30_000 })
              .not.toBe('');
          } else {
            await page.locator('[data-match="M1"] [data-pick="HOME"]').click();
            expect(await page.locator('[data-slip]').isVisible()).toBe(true);
            await page
              .getByRole('button', { name: tableText(language, 'sports.place'), exact: true })
              .click();
            await expect
              .poll(() => page.locator('[data-match="M1"] [data-score]').textContent(), { timeout: 30_000 })
              .toMatch(/\d – \d/);
          }
          await expect
            .poll(async () => (await page.locator('[data-win]').textContent()) !== null, { timeout: 30_000 })
            .toBe(true);
          const win = Number(await page.locator('[data-win]').textContent());
          const shown = (await page.locator('[data-balance]').textContent())!;
          expect(Number(shown)).toBeCloseTo(Number(before) - 1 + win, 2);
          expect(await balanceOf(member)).toBe(shown);
          await shot(page, `tp-${screen}-${language.toLowerCase()}`);
        }
      });
    }, 300_000);
});

describe('member two-step sign-in', () => {
  it('enrols an authenticator in the security centre and signs in with a code from it', async () => {
    const member = await registerMember('tfa');
    const member2 = text('EN', 'member', 'twoFactor.addApp');
    let secret = '';
    await onPhone({ ...signedInStorage(member), language: 'EN' }, async (page) => {
      await page.goto('/m/securityCenter');
      await page.getByRole('button', { name: member2, exact: true }).click();
      const key = page.locator('[data-totp-secret]');
      await key.waitFor({ timeout: 30_000 });
      secret = (await key.textContent())!.replace(/\s+/g, '');
      await shot(page, 'tfa-enrol-en');
      await page
        .getByLabel(text('EN', 'member', 'twoFactor.code'), { exact: true })
        .fill(authenticatorCode(secret, currentStep()));
      await page.getByRole('button', { name: text('EN', 'member', 'twoFactor.turnOn'), exact: true }).click();
      await page.locator('[data-recovery-codes] li').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-recovery-codes] li').count()).toBe(10);
      await shot(page, 'tfa-recovery-en');
    });

    // A second browser: the password, then the authenticator's next code.
    await onPhone({ language: 'AR' }, async (page) => {
      const auth = (key: string) => text('AR', 'auth', key);
      await page.goto('/m/login');
      await page.getByLabel(auth('fields.username'), { exact: true }).fill(member.userName);
      await page.getByLabel(auth('fields.password'), { exact: true }).fill('Member-pass-2026');
      await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
      await page.locator('#second-step-title').waitFor({ timeout: 30_000 });
      expect(await page.locator('#second-step-title').textContent()).toBe(auth('secondStep.title'));
      await shot(page, 'tfa-login-ar');
      // The enrolment used the current step's code: the next step's is the one to give (wait for it).
      const next = currentStep() + 1;
      await expect.poll(() => currentStep(), { timeout: 35_000, interval: 500 }).toBe(next);
      await page.locator('#second-step-code').fill(authenticatorCode(secret, next));
      await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/m/home', { timeout: 30_000 });
      const stored = await page.evaluate(
        () => localStorage.getItem('MC_SESSION_INFO') ?? sessionStorage.getItem('MC_SESSION_INFO'),
      );
      expect(stored).toContain(member.userName);
    });
  }, 180_000);
});

describe('sign-in alerts', () => {
  it('signs in from a second browser profile and shows the alert in the inbox and the history', async () => {
    const member = await registerMember('alert');
    const auth = (key: string) => text('EN', 'auth', key);
    const signIn = async (page: Page) => {
      await page.goto('/m/login');
      await page.getByLabel(auth('fields.username'), { exact: true }).fill(member.userName);
      await page.getByLabel(auth('fields.password'), { exact: true }).fill('Member-pass-2026');
      await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/m/home', { timeout: 30_000 });
    };
    // The first browser profile signs in (its own device id, new to the account).
    await onPhone({ language: 'EN' }, signIn);
    const title = text('EN', 'inbox', 'messages.new_sign_in.title');
    const alertsNow = async () => {
      const { body } = await api<{ list: { title: string }[] }>('GET', '/wps/inbox?pageSize=50&language=EN', {
        token: member.token,
      });
      return body.value!.list.filter((m) => m.title === title).length;
    };
    const before = await alertsNow();
    // A second profile: another device, so one alert more, shown in its inbox and security centre.
    await onPhone({ language: 'EN' }, async (page) => {
      await signIn(page);
      expect(await alertsNow()).toBe(before + 1);
      await page.goto('/m/webEmail');
      await page.getByText(title).first().waitFor({ timeout: 30_000 });
      await shot(page, 'alert-inbox-en');
      await page.goto('/m/securityCenter');
      const history = page.locator('[data-sign-ins]');
      await history
        .getByText(text('EN', 'member', 'signIns.newDevice'))
        .first()
        .waitFor({ timeout: 30_000 });
      await history.scrollIntoViewIfNeeded();
      await shot(page, 'alert-history-en');
    });
  }, 180_000);
});
