import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { encryptCredentials } from '@playhouse/contract/credential-encryption';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  patchSettings,
  registerMember,
  signedInStorage,
  staffToken,
  type MemberSession,
} from './support/api.ts';
import { closedAfterEachTest, launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { cpuThrottleRate } from './support/chromium.ts';
import { text } from './support/catalogue.ts';
import { dataDir } from './support/workers.ts';

/**
 * Agents at 390×844, in English and Arabic (right to left): an operator makes a member an agent in
 * the back office; the agent opens the agent centre and finds its link, QR code and empty team; a
 * friend registers through the link on their own phone and appears in the agent's team.
 */
const SHOTS = process.env.AGENT_SHOTS ?? '/tmp/agent-shots';
mkdirSync(SHOTS, { recursive: true });
const PASSWORD = 'Harbour7Tangerine';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await patchSettings(await staffToken(), { register: { captcha: { enabled: true } } });
  await browser?.close();
});

/** Phones a test opened: closed when it ends, so their pages stop polling while later tests run. */
const keepUntilTestEnds = closedAfterEachTest();

async function phone(language: 'EN' | 'AR', storage: Record<string, string> = {}): Promise<Page> {
  const { page } = await newPhone(browser, {
    locale: language === 'AR' ? 'ar' : 'en-US',
    storage: { language, ...storage },
  });
  return keepUntilTestEnds(page);
}

const bo = (key: string) => text('EN', 'bo', key);

/** The operator makes a member an agent through the back office's Agents page. */
async function makeAgentInConsole(userName: string, level: number) {
  const page = await signedInConsole(browser);
  await page.getByRole('link', { name: bo('agents.nav') }).click();
  const form = page.locator('form[aria-labelledby=agent-form-title]');
  await form.getByLabel(bo('agents.userName'), { exact: true }).fill(userName);
  await form.getByLabel(bo('agents.type'), { exact: true }).fill('1');
  await form.getByLabel(bo('agents.level'), { exact: true }).fill(String(level));
  await form.getByRole('button', { name: bo('agents.make') }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toBe(bo('agents.made'));
  const row = page.locator('table tbody tr', { hasText: userName });
  await expect.poll(() => row.count()).toBe(1);
  const code = (await row.locator('td').nth(3).textContent())!;
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await page.screenshot({ path: `${SHOTS}/bo-agents.png` });
  await page.context().close();
  return code;
}

describe.each(['EN', 'AR'] as const)('agent centre (%s)', (lang) => {
  const agent = (key: string, params: Record<string, string | number> = {}) =>
    Object.entries(params).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text(lang, 'agent', key));

  it('tells a member who is not an agent that the centre is for agents', async () => {
    const member = await registerMember(`na${lang.toLowerCase()}`);
    const page = await phone(lang, signedInStorage(member));
    await page.goto('/m/agent/home');
    await expect.poll(() => page.getByText(text(lang, 'common', 'errors.NOT_AGENT')).isVisible()).toBe(true);
    // An ordinary member is offered invite friends in the bottom bar (the demo's REFERRAL is on).
    await expect.poll(() => page.locator('.app-footer a[href="/m/inviteFriends"]').count()).toBe(1);
  });

  it('shows an agent made in the back office its link and QR code; a friend joins through it', async () => {
    const member = await registerMember(`ag${lang.toLowerCase()}`);
    const code = await makeAgentInConsole(member.userName, 2);
    const page = await phone(lang, signedInStorage(member));
    await page.goto('/m/agent/home');
    const link = page.getByLabel(agent('invite.link'));
    await expect.poll(() => link.inputValue()).toMatch(new RegExp(`/m/register\\?affiliateCode=${code}$`));
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'AR' ? 'rtl' : 'ltr');
    const qr = page.getByRole('img', { name: agent('invite.qrAlt') });
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await page.getByText(agent('level', { level: 2 })).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(agent('members.empty')).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/agent-home-${lang.toLowerCase()}.png` });

    // A friend opens the link on their own phone and registers; the code field stays hidden.
    await patchSettings(await staffToken(), { register: { captcha: { enabled: false } } });
    const friendName = `fa${lang.toLowerCase()}${Date.now().toString(36)}`;
    const friend = await phone('EN');
    const url = new URL(await link.inputValue());
    await friend.goto(url.pathname + url.search);
    await friend.getByRole('tab', { name: text('EN', 'auth', 'tabs.username') }).click();
    await friend.getByLabel(text('EN', 'auth', 'fields.username'), { exact: true }).fill(friendName);
    await friend.getByLabel(text('EN', 'auth', 'fields.password'), { exact: true }).fill(PASSWORD);
    await friend.getByLabel(text('EN', 'auth', 'fields.confirmPassword'), { exact: true }).fill(PASSWORD);
    await friend
      .getByRole('checkbox', { name: text('EN', 'auth', 'register.disclaimer').replace('{{age}}', '18') })
      .check();
    await friend.getByRole('button', { name: text('EN', 'auth', 'register.submit'), exact: true }).click();
    await friend.waitForURL('**/m/home');

    await page.reload();
    const row = page.locator('.agent-members li');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('.agent-member-name').textContent()).toBe(friendName);
    expect(await row.locator('.agent-tier').textContent()).toBe(agent('members.direct'));
    const registrations = page.locator('.agent-kpis div', { hasText: agent('kpi.registrations') });
    await expect.poll(() => registrations.locator('dd').textContent()).toBe('1');
    await page.screenshot({ path: `${SHOTS}/agent-team-${lang.toLowerCase()}.png`, fullPage: true });
  });
});

// ---------- contracts, commissions and transfers ----------

const MEMBER_PASSWORD = 'Member-pass-2026';
const FUND_PASSWORD = 'fund-2468';

/** A friend signs up with the agent's code (the registration link's parameter), as the form does. */
async function registerUnder(prefix: string, code: string): Promise<MemberSession> {
  const { body: key } = await api<{ publicKey: string }>('GET', '/wps/system/publicKey');
  const sealed = await encryptCredentials(key.value!.publicKey, {
    username: `${prefix}${Date.now().toString(36)}`,
    password: MEMBER_PASSWORD,
    confirmPassword: MEMBER_PASSWORD,
    affiliateCode: code,
  });
  const { body } = await api<MemberSession>('PUT', '/wps/member/register', {
    body: sealed.body,
    headers: { encryption: sealed.header },
  });
  if (!body.value) throw new Error(`register failed: ${body.code} ${body.message}`);
  return body.value;
}

async function fundMember(userName: string, amount: string) {
  const { status, body } = await api('POST', '/bo/api/wallet/adjustments', {
    token: await staffToken(),
    body: { userName, amount, reason: 'e2e agent team' },
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

const balanceOf = async (member: MemberSession) =>
  Number(
    (await api<{ sumBalance: string }>('GET', '/wps/wallets/gcs', { token: member.token })).body.value!
      .sumBalance,
  );

/**
 * Dice rolls of 10.00 under 96 (a 95 % chance at 1.02 times the stake) until the friend has lost
 * money overall; answers what they lost, in cents. Small wins and a rare loss of the whole stake:
 * the net goes below zero within a few dozen rolls. (A long shot at 97 times the stake, won early,
 * could keep the net above zero for hundreds of rolls: about one run in a hundred did.)
 */
async function playUntilLoss(friend: MemberSession): Promise<number> {
  let net = 0;
  for (let i = 0; i < 600 && (i < 2 || net >= 0); i++) {
    const { status, body } = await api<{ win: string }>('POST', '/play/api/rounds', {
      token: friend.token,
      body: {
        gameCode: 'DICE',
        stake: '10.00',
        options: { target: 96, direction: 'under' },
        requestId: `e2e-${friend.userName}-${i}`,
      },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    net += Math.round(Number(body.value!.win) * 100) - 1_000;
  }
  expect(net).toBeLessThan(0);
  return -net;
}

/**
 * "Yesterday": the friends' play and the agent's acceptance moved back one day in the server's own
 * database, so the daily dividend period they fall in is closed and the job reckons it now.
 */
function moveToYesterday(agentName: string, friends: string[]) {
  const db = new Database(path.join(dataDir(), 'playhouse.sqlite'));
  try {
    db.pragma('busy_timeout = 10000');
    const ids = (names: string[]) =>
      names.map((n) => (db.prepare('select id from members where username = ?').get(n) as { id: number }).id);
    const [agentId] = ids([agentName]);
    const friendIds = ids(friends);
    db.transaction(() => {
      db.prepare(
        `update ledger_entries set created_at = created_at - 86400000 where member_id in (${friendIds.join(',')}) and kind = 'bet'`,
      ).run();
      db.prepare(
        "update agent_contracts set decided_at = decided_at - 86400000 where member_id = ? and status = 'active'",
      ).run(agentId);
    })();
    return {
      payouts: () =>
        (
          db
            .prepare("select count(*) as c from ledger_entries where source = 'agents' and member_id = ?")
            .get(agentId) as { c: number }
        ).c,
      close: () => db.close(),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

const DOCS = path.resolve(import.meta.dirname, '../docs/screenshots');

describe.each(['EN', 'AR'] as const)('contracts, commissions and transfers (%s)', (lang) => {
  const agent = (key: string, params: Record<string, string | number> = {}) =>
    Object.entries(params).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text(lang, 'agent', key));
  const l = lang.toLowerCase();

  it('signs agents in from the agent centre and refuses anybody else there (spec §6)', async () => {
    const auth = (key: string) => text(lang, 'auth', key);
    const plain = await registerMember(`pl${l}`);
    const chosen = await registerMember(`ai${l}`);
    await api('PUT', '/bo/api/agents', {
      token: await staffToken(),
      body: { userName: chosen.userName, type: 1, level: 1 },
    });
    const page = await phone(lang);
    const signIn = async (userName: string) => {
      await page.getByLabel(auth('fields.username'), { exact: true }).fill(userName);
      await page.getByLabel(auth('fields.password'), { exact: true }).fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    };
    await page.goto('/m/agent/home');
    await page.getByRole('link', { name: agent('login') }).click();
    await page.waitForURL('**/m/login?agent=1');
    await expect.poll(() => page.getByText(auth('login.agentOnly')).isVisible()).toBe(true);
    await signIn(plain.userName);
    await expect
      .poll(() =>
        page
          .getByText(text(lang, 'common', 'errors.NOT_AGENT'))
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/m/login');
    await page.screenshot({ path: `${DOCS}/agents-signin-${l}.png` });
    await signIn(chosen.userName);
    await page.waitForURL('**/m/agent/home');
    await expect.poll(() => page.getByText(agent('level', { level: 1 })).isVisible()).toBe(true);
    await page.context().close();
  });

  // The longest flow of the suite (back office, two friends' phones, the agent's): twice the usual
  // limit, stretched like it under CPU throttling.
  it(
    'the operator offers a dividend contract, the agent accepts, the commission is paid once, the agent transfers to the team',
    { timeout: 120_000 * cpuThrottleRate() },
    async () => {
      await patchSettings(await staffToken(), { register: { captcha: { enabled: false } } });
      const member = await registerMember(`dv${l}`);
      const code = await makeAgentInConsole(member.userName, 1);

      // The operator makes a daily 20 % dividend template and offers it to the agent.
      const console = await signedInConsole(browser);
      await console.getByRole('link', { name: bo('agentContracts.nav') }).click();
      const form = console.locator('form[aria-labelledby=template-form-title]');
      const templateName = `Dividend 20 % ${l}${Date.now().toString(36)}`;
      await form.getByLabel(bo('agentContracts.name'), { exact: true }).fill(templateName);
      await form.getByLabel(bo('agentContracts.kind')).selectOption('dividend');
      await form.getByLabel(bo('agentContracts.cycle')).selectOption('day');
      await form.getByLabel(`${bo('agentContracts.rate')} 1`).fill('20');
      await form.getByRole('button', { name: bo('agents.save') }).click();
      await expect.poll(() => console.locator('td', { hasText: templateName }).count()).toBe(1);
      const offer = console.locator('form[aria-labelledby=offer-title]');
      await offer.getByLabel(bo('agents.userName'), { exact: true }).fill(member.userName);
      await offer
        .getByLabel(bo('agentContracts.template'))
        .selectOption({ label: `${templateName} · ${bo('agentContracts.kinds.dividend')}` });
      await offer.getByRole('button', { name: bo('agentContracts.offer'), exact: true }).click();
      await expect
        .poll(() => console.getByRole('status').textContent())
        .toBe(bo('agentContracts.offered').replace('{{userName}}', member.userName));
      const offeredRow = console.locator('table tbody tr', { hasText: member.userName });
      await expect.poll(() => offeredRow.count()).toBe(1);
      expect(await offeredRow.locator('.badge').textContent()).toBe(bo('agentContracts.statuses.pending'));
      if (lang === 'EN')
        await console.screenshot({ path: `${DOCS}/agents-bo-contracts.png`, fullPage: true });

      // Signed in, the agent is asked about the request (spec §8) and goes to the contract page. The
      // phone's stored session still says type 0 (it signed up as an ordinary member): the bottom bar
      // goes by the type the server has now, so an agent is not offered invite friends.
      const page = await phone(lang, signedInStorage(member));
      await page.goto('/m/home');
      // The sign-in announcements come first; the contract prompt waits until they are closed.
      const popup = page.locator('.login-popup');
      await popup.waitFor();
      await page.screenshot({ path: `${SHOTS}/agents-prompt-waits-${l}.png` });
      await popup.getByRole('button', { name: text(lang, 'lobby', 'popups.close'), exact: true }).click();
      const prompt = page.getByRole('dialog', { name: agent('contracts.prompt.title') });
      await expect.poll(() => prompt.isVisible()).toBe(true);
      // By now the site status and the member's type are in: the bar has settled without the tab.
      expect(await page.locator('.app-footer a[href="/m/activity"]').count()).toBe(1);
      expect(await page.locator('.app-footer a[href="/m/inviteFriends"]').count()).toBe(0);
      expect(await prompt.textContent()).toContain(
        agent('contracts.prompt.text', { kind: agent('contracts.kinds.dividend') }),
      );
      await page.waitForTimeout(500); // the dialog's entrance animation
      await page.screenshot({ path: `${DOCS}/agents-prompt-${l}.png` });
      await prompt.getByRole('button', { name: agent('contracts.prompt.go') }).click();
      await page.waitForURL('**/m/member/agent/getDevidendContract');
      const pending = page.getByRole('region', { name: agent('contracts.pending') });
      await expect.poll(() => pending.isVisible()).toBe(true);
      expect(await pending.locator('td').nth(2).textContent()).toContain('20%');
      await page.screenshot({ path: `${DOCS}/agents-contract-offer-${l}.png`, fullPage: true });
      await pending.getByRole('button', { name: agent('contracts.accept') }).click();
      const confirm = page.getByRole('dialog', { name: agent('contracts.acceptTitle') });
      await confirm.getByRole('button', { name: agent('contracts.accept') }).click();
      const inForce = page.getByRole('region', { name: agent('contracts.active') });
      await expect.poll(() => inForce.isVisible()).toBe(true);
      expect(await pending.count()).toBe(0);

      // Two friends join through the code and play; they lose money overall.
      const friends = [await registerUnder(`f1${l}`, code), await registerUnder(`f2${l}`, code)];
      for (const f of friends) await fundMember(f.userName, '300.00');
      let lost = 0;
      for (const f of friends) lost += await playUntilLoss(f);
      const dividend = Math.floor((lost * 2_000) / 10_000);
      const db = moveToYesterday(
        member.userName,
        friends.map((f) => f.userName),
      );
      try {
        // The operator runs the job: yesterday's dividend waits for approval; approving pays it.
        await console.getByRole('link', { name: bo('commissions.nav') }).click();
        await console.getByLabel(bo('agents.userName'), { exact: true }).fill(member.userName);
        await console.getByRole('button', { name: bo('commissions.run') }).click();
        const row = console.locator('table tbody tr', { hasText: member.userName });
        await expect.poll(() => row.count()).toBe(1);
        const money = (cents: number) => (cents / 100).toFixed(2);
        expect(await row.locator('td').nth(4).textContent()).toBe(money(lost));
        expect(await row.locator('td').nth(6).textContent()).toContain(money(dividend));
        const before = await balanceOf(member);
        await row.getByRole('button', { name: bo('commissions.approve') }).click();
        await expect.poll(() => row.locator('.badge').textContent()).toBe(bo('commissions.statuses.paid'));
        if (lang === 'EN')
          await console.screenshot({ path: `${DOCS}/agents-bo-commissions.png`, fullPage: true });
        // Once: another run and another approval pay nothing more.
        await console.getByRole('button', { name: bo('commissions.run') }).click();
        const id = (
          await api<{ items: { id: number }[] }>(
            'GET',
            `/bo/api/agents/commissions?userName=${member.userName}&kind=dividend`,
            {
              token: await staffToken(),
            },
          )
        ).body.value!.items[0]!.id;
        const again = await api('POST', `/bo/api/agents/commissions/${id}/approve`, {
          token: await staffToken(),
        });
        expect(again.body.code).toBe('COMMISSION_NOT_PENDING');
        expect(db.payouts()).toBe(1);
        expect(Math.round((await balanceOf(member)) * 100 - before * 100)).toBe(dividend);
      } finally {
        db.close();
      }

      // The agent sees it paid on the contract page.
      await page.reload();
      const earnings = page.locator('.agent-earnings li');
      await expect.poll(() => earnings.count()).toBe(1);
      expect(await earnings.locator('.agent-status').textContent()).toBe(agent('contracts.status.paid'));
      await page.screenshot({ path: `${DOCS}/agents-contract-${l}.png`, fullPage: true });

      // Transfer 5.00 to the first friend with the fund password (the operator tops the agent up first).
      await fundMember(member.userName, '50.00');
      const set = await api('PUT', '/wps/member/fundPassword', {
        token: member.token,
        body: { newFundPassword: FUND_PASSWORD, loginPassword: MEMBER_PASSWORD },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const friendBefore = await balanceOf(friends[0]!);
      await page.goto('/m/agent/home');
      const transfer = page.locator('form', {
        has: page.getByRole('heading', { name: agent('transfer.title') }),
      });
      await expect.poll(() => transfer.isVisible()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${DOCS}/agents-home-${l}.png`, fullPage: true });
      await transfer.getByLabel(agent('transfer.userName'), { exact: true }).fill(friends[0]!.userName);
      await transfer.getByLabel(new RegExp(`^${agent('transfer.amount')}`)).fill('5');
      await transfer.getByLabel(agent('transfer.fundPassword'), { exact: true }).fill(FUND_PASSWORD);
      await transfer.scrollIntoViewIfNeeded();
      await transfer.getByRole('button', { name: agent('transfer.submit'), exact: true }).click();
      await expect.poll(async () => (await balanceOf(friends[0]!)) - friendBefore).toBe(5);
      await expect.poll(() => page.getByRole('status').first().isVisible()).toBe(true);
      await page.screenshot({ path: `${DOCS}/agents-transfer-${l}.png` });
      const ledger = await api<{ ok: boolean; breaches: unknown[] }>('GET', '/bo/api/ledger/verify', {
        token: await staffToken(),
      });
      expect(ledger.body.value).toMatchObject({ ok: true, breaches: [] });
      await console.context().close();
    },
  );
});
