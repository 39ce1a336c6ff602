import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';

/**
 * The reward centre at 390×844 in English and Arabic: the member checks in, plays in-house rounds to
 * complete a wager mission, claims it, and sees each reward once in the balance and the account
 * record; a second claim is refused. Screenshots of the screens go to docs/screenshots/.
 */
let browser: Browser;
let missionId: number;
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  // A mission this test can finish in three rounds of 1.00, paying 7.00 with a 1× turnover.
  const { status, body } = await api<{ id: number }>('POST', '/bo/api/rewards/missions', {
    token: await staffToken(),
    body: { type: 'wager', target: '3.00', reward: '7.00', turnoverMultiple: 1, sortOrder: 0 },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  missionId = body.value!.id;
});
afterAll(async () => {
  await browser?.close();
});

const cents = (amount: string) => Math.round(Number(amount.replace(/[^\d.-]/g, '')) * 100);

async function fund(member: MemberSession, amount: string) {
  const { status, body } = await api('POST', '/bo/api/wallet/adjustments', {
    token: await staffToken(),
    body: { userName: member.userName, amount, reason: 'e2e rewards' },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

async function balanceOf(member: MemberSession): Promise<number> {
  const { body } = await api<{ sumBalance: string }>('GET', '/wps/wallets/gcs', { token: member.token });
  return cents(body.value!.sumBalance);
}

/** Rounds through the in-house play API, as the game screen plays them. */
async function play(member: MemberSession, rounds: number) {
  for (let i = 0; i < rounds; i++) {
    const { status, body } = await api('POST', '/play/api/rounds', {
      token: member.token,
      body: {
        gameCode: 'COINFLIP',
        stake: '1.00',
        options: { side: 'heads' },
        requestId: `e2e-rw-${crypto.randomUUID()}`,
      },
    });
    expect(status, JSON.stringify(body)).toBe(200);
  }
}

async function ledgerIsSound() {
  const { body } = await api<{ ok: boolean; breaches: unknown[] }>('GET', '/bo/api/ledger/verify', {
    token: await staffToken(),
  });
  expect(body.value, JSON.stringify(body)).toMatchObject({ ok: true, breaches: [] });
}

async function onPhone(member: MemberSession, language: string, run: (page: Page) => Promise<void>) {
  const { page, context } = await newPhone(browser, {
    storage: { ...signedInStorage(member), language, playMuted: '1' },
  });
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

describe.each(['EN', 'AR'])('reward centre (%s)', (language) => {
  const rw = (key: string) => text(language, 'rewards', key);
  const suffix = language.toLowerCase() === 'en' ? '' : `-${language.toLowerCase()}`;

  it('checks in, completes a wager mission with real rounds, claims once, and sees it in the balance and record', async () => {
    const member = await registerMember(`rw${language.toLowerCase()}`);
    await fund(member, '20.00');

    await onPhone(member, language, async (page) => {
      await page.goto('/m/rewardCenter');
      await expect
        .poll(() => page.locator('html').getAttribute('dir'))
        .toBe(language === 'AR' ? 'rtl' : 'ltr');
      // The page's own heading: in Arabic the header's title reads the same.
      await page
        .getByRole('main')
        .getByRole('heading', { name: rw('title') })
        .waitFor();
      // Check-in and the demo login reward are claimable: the member centre tab shows the count.
      const badge = page.getByTestId('footer-rewards');
      await expect.poll(() => badge.textContent()).toBe('2');
      await page.getByRole('button', { name: rw('checkIn.button'), exact: true }).waitFor();
      await page.screenshot({ path: path.join(shots, `reward-center${suffix}.png`) });

      // Check in: day 1 of the demo cycle pays 1.00, once.
      const before = await balanceOf(member);
      await page.getByRole('button', { name: rw('checkIn.button'), exact: true }).click();
      await page.getByRole('button', { name: rw('checkIn.done') }).waitFor();
      await expect
        .poll(() => page.getByTestId('checkin-streak').textContent())
        .toBe(rw('checkIn.streak').replace('{{count}}', '1'));
      expect(await balanceOf(member)).toBe(before + 100);
      await expect.poll(() => badge.textContent()).toBe('1');

      // The wager mission: a claim now is refused with a clear message, nothing paid.
      const mission = page.getByTestId(`mission-${missionId}`);
      await mission.getByRole('link', { name: rw('missions.go') }).waitFor();
      const early = await api('POST', `/wps/rewards/missions/${missionId}/claim`, {
        token: member.token,
        headers: { language },
      });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('REWARD_NOT_EARNED');
      expect(early.body.message).toBe(
        text(language, 'common', 'errors.REWARD_NOT_EARNED')
          .replace('{{progress}}', '0.00')
          .replace('{{target}}', '3.00'),
      );

      // Three in-house rounds of 1.00 stake 3.00: the mission turns claimable.
      await play(member, 3);
      const afterRounds = await balanceOf(member);
      await page.reload();
      const claim = mission.getByRole('button', { name: rw('missions.claim'), exact: true });
      await claim.waitFor();
      await expect.poll(() => badge.textContent()).toBe('2');
      await claim.click();
      await mission.getByText(rw('missions.claimed')).waitFor();
      await page.locator('.toast-success').first().waitFor();
      expect(await balanceOf(member)).toBe(afterRounds + 700);
      await page.locator('.toast-success').first().waitFor({ state: 'detached' });
      await mission.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `reward-center-claimed${suffix}.png`) });

      // A second claim (a retry, another tab) moves nothing.
      const again = await api('POST', `/wps/rewards/missions/${missionId}/claim`, { token: member.token });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('REWARD_ALREADY_CLAIMED');
      expect(await balanceOf(member)).toBe(afterRounds + 700);

      // The account record lists the reward once, as a bonus, and the check-in once.
      await page.goto('/m/transaction/record');
      const rows = page.locator('.rec-row');
      await rows.first().waitFor();
      const bonusRows = rows.filter({ hasText: text(language, 'records', 'kinds.bonus') });
      await expect.poll(() => bonusRows.count()).toBe(2);
      await expect.poll(() => bonusRows.filter({ hasText: '+7.00' }).count()).toBe(1);
      await expect.poll(() => bonusRows.filter({ hasText: '+1.00' }).count()).toBe(1);
      if (language === 'EN') await page.screenshot({ path: path.join(shots, 'reward-record.png') });

      // The Mine page's bubble and the header balance agree with the server.
      await page.goto('/m/mine');
      await expect.poll(() => page.locator('.mc-bubble').textContent()).toBe('1');
      const expected = await balanceOf(member);
      await expect
        .poll(async () => cents((await page.locator('.mc-balance-value').textContent()) ?? ''))
        .toBe(expected);
      if (language === 'EN') {
        // The menu card holding the reward centre's bubble.
        const card = page.locator('.mc-card', { has: page.locator('.mc-bubble') });
        await card.screenshot({ path: path.join(shots, 'reward-mine.png') });
      }
    });
    await ledgerIsSound();
  });
});

describe('reward centre in the back office', () => {
  it('lists missions, check-in rewards and the claims paid', async () => {
    const page = await signedInConsole(browser);
    const context = page.context();
    const bo = (key: string) => text('EN', 'bo', key);
    try {
      await page.getByRole('link', { name: bo('rewards.nav') }).click();
      await page.getByRole('heading', { name: bo('rewards.checkInTitle') }).waitFor();
      await page.locator('tbody tr', { hasText: '7.00' }).first().waitFor();
      await page.getByRole('heading', { name: bo('rewards.claimsTitle') }).waitFor();
      await page.screenshot({ path: path.join(shots, 'bo-rewards.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
