import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patchSettings, registerMember, signedInStorage, staffToken } from './support/api.ts';
import { launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';

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

async function phone(language: 'EN' | 'AR', storage: Record<string, string> = {}): Promise<Page> {
  const { page } = await newPhone(browser, {
    locale: language === 'AR' ? 'ar' : 'en-US',
    storage: { language, ...storage },
  });
  return page;
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
    await expect
      .poll(() => page.getByText(text(lang, 'common', 'errors.NOT_AGENT')).isVisible(), { timeout: 10_000 })
      .toBe(true);
  });

  it('shows an agent made in the back office its link and QR code; a friend joins through it', async () => {
    const member = await registerMember(`ag${lang.toLowerCase()}`);
    const code = await makeAgentInConsole(member.userName, 2);
    const page = await phone(lang, signedInStorage(member));
    await page.goto('/m/agent/home');
    const link = page.getByLabel(agent('invite.link'));
    await expect
      .poll(() => link.inputValue(), { timeout: 10_000 })
      .toMatch(new RegExp(`/m/register\\?affiliateCode=${code}$`));
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
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.locator('.agent-member-name').textContent()).toBe(friendName);
    expect(await row.locator('.agent-tier').textContent()).toBe(agent('members.direct'));
    const registrations = page.locator('.agent-kpis div', { hasText: agent('kpi.registrations') });
    await expect.poll(() => registrations.locator('dd').textContent()).toBe('1');
    await page.screenshot({ path: `${SHOTS}/agent-team-${lang.toLowerCase()}.png`, fullPage: true });
  });
});
