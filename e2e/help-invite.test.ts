import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, patchSettings, registerMember, signedInStorage, staffToken } from './support/api.ts';
import { closedAfterEachTest, launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';

/**
 * Help centre, app download and invite friends at 390×844, in English and Arabic (right to left):
 * help tabs and a topic's detail, the download screen, and a member's referral link and QR code,
 * through which a friend registers and then appears in the member's list.
 */
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(shots, { recursive: true });
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

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });

describe.each(['EN', 'AR'] as const)('help centre and app download (%s)', (lang) => {
  const help = (key: string) => text(lang, 'help', key);

  it('shows the help topics in tabs and a topic on its own', async () => {
    const page = await phone(lang);
    await page.goto('/m/help');
    const tabs = page.getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(4);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'AR' ? 'rtl' : 'ltr');
    const { body } = await api<{ items: { tag: string; tabTitle: string; title: string }[] }>(
      'GET',
      `/wps/system/helpCenter?device=MOBILE&lang=${lang}`,
    );
    const items = body.value!.items;
    const withdraw = items.find((i) => i.tag === 'withdraw')!;
    await page.getByRole('tab', { name: withdraw.tabTitle }).click();
    await expect.poll(() => page.url()).toContain('tag=withdraw');
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe(withdraw.tabTitle);
    await shot(page, `help-${lang.toLowerCase()}`);

    await page.getByRole('link', { name: withdraw.title }).click();
    await page.waitForURL('**/m/helpDetail?tag=withdraw&c=0');
    await expect.poll(() => page.getByRole('heading', { name: withdraw.title }).isVisible()).toBe(true);
    expect(await page.locator('.help-body').textContent()).toBeTruthy();
    await shot(page, `help-detail-${lang.toLowerCase()}`);
    // Back to every topic of that tab; a tab chosen by index works too.
    await page.getByRole('link', { name: help('help.back') }).click();
    await page.waitForURL('**/m/help?tag=withdraw');
    await page.goto('/m/help?i=2');
    const responsible = items.find((i) => i.tag === 'responsible')!;
    await expect
      .poll(() => page.getByRole('tab', { selected: true }).textContent())
      .toBe(responsible.tabTitle);
  });

  it("says there is no native app yet, offers the web app and the guide, and shows an operator's store links once set", async () => {
    const page = await phone(lang);
    await page.goto('/m/download');
    await expect.poll(() => page.getByText(help('download.none')).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: help('download.android') }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: help('download.pwa') }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('heading', { name: help('download.guideTitle') }).isVisible())
      .toBe(true);
    await shot(page, `download-${lang.toLowerCase()}`);

    // The operator adds a store link in the settings: the page offers it.
    const staff = await staffToken();
    const settings = await api<{ settings: { site: { downloadLinks: unknown[] } } }>(
      'GET',
      '/bo/api/settings',
      {
        token: staff,
      },
    );
    const before = settings.body.value!.settings.site.downloadLinks;
    const store = 'https://play.google.com/store/apps/details?id=example.playhouse';
    await patchSettings(staff, {
      site: { downloadLinks: [...before, { resourceType: 'Android', url: store, labelNameEn: 'Android' }] },
    });
    try {
      await page.reload();
      const android = page.getByRole('link', { name: help('download.android') });
      await expect.poll(() => android.isVisible()).toBe(true);
      expect(await android.getAttribute('href')).toBe(store);
    } finally {
      await patchSettings(staff, { site: { downloadLinks: before } });
    }
  });
});

describe.each(['EN', 'AR'] as const)('invite friends (%s)', (lang) => {
  const invite = (key: string) => text(lang, 'invite', key);

  it("shows the member's link and QR code; a friend registers with the link and appears", async () => {
    const member = await registerMember(`inv${lang.toLowerCase()}`);
    const page = await phone(lang, signedInStorage(member));
    await page.goto('/m/inviteFriends');
    const link = page.getByLabel(invite('link'));
    await expect.poll(() => link.inputValue()).toMatch(/\/m\/register\?ref=[A-Z0-9]{8}$/);
    const qr = page.getByRole('img', { name: invite('qrAlt') });
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await page.getByText(invite('noFriends')).isVisible()).toBe(true);
    await shot(page, `invite-${lang.toLowerCase()}`);

    // A friend opens the link on their own phone and registers.
    await patchSettings(await staffToken(), { register: { captcha: { enabled: false } } });
    const friendName = `fr${lang.toLowerCase()}${Date.now().toString(36)}`;
    const friend = await phone('EN');
    await friend.goto(new URL(await link.inputValue()).pathname + new URL(await link.inputValue()).search);
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
    const row = page.locator('.invite-friends li');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('.invite-friend-name').textContent()).toBe(
      `${friendName.slice(0, 2)}***${friendName.slice(-1)}`,
    );
    expect(await row.locator('.invite-status').textContent()).toBe(invite('status.registered'));
    await row.scrollIntoViewIfNeeded();
    await shot(page, `invite-friend-${lang.toLowerCase()}`);
  });

  it('shows a guest the way in', async () => {
    const page = await phone(lang);
    await page.goto('/m/inviteFriends');
    await expect.poll(() => page.getByRole('link', { name: invite('register') }).isVisible()).toBe(true);
  });
});

describe('back office: help topics and referrals', () => {
  const bo = (key: string) => text('EN', 'bo', key);

  it('lists, adds and cleans help topics, and lists the referrals', async () => {
    const page = await signedInConsole(browser);
    const context = page.context();

    await page.getByRole('link', { name: bo('helpTopics.nav') }).click();
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.first().textContent()).toContain('How to deposit');
    await page.getByRole('button', { name: bo('helpTopics.new') }).click();
    const form = page.locator('form[aria-labelledby=help-form-title]');
    await form.getByLabel(bo('helpTopics.tag'), { exact: true }).fill('faq');
    await form.getByLabel(bo('helpTopics.tabTitle'), { exact: true }).fill('FAQ');
    await form.getByLabel(bo('helpTopics.title'), { exact: true }).fill('Is my money safe?');
    await form
      .getByLabel(bo('helpTopics.content'))
      .fill('<p>Yes.<script>alert(1)</script><img src="x" onerror="alert(2)"></p>');
    await form.getByRole('button', { name: bo('helpTopics.save') }).click();
    await expect.poll(() => rows.count()).toBe(6);
    const { body } = await api<{ items: { title: string; content: string }[] }>(
      'GET',
      '/wps/system/helpCenter?device=MOBILE&lang=EN',
    );
    const added = body.value!.items.find((i) => i.title === 'Is my money safe?')!;
    expect(added.content).not.toMatch(/script|onerror/);
    await page.screenshot({ path: path.join(shots, 'bo-help-topics.png') });
    // Put the help centre back as the other tests expect it.
    page.once('dialog', (d) => void d.accept());
    await rows
      .last()
      .getByRole('button', { name: bo('helpTopics.delete') })
      .click();
    await expect.poll(() => rows.count()).toBe(5);

    await page.getByRole('link', { name: bo('referrals.nav') }).click();
    // The help topics' table stays up until the referrals' page replaces it.
    await expect
      .poll(async () => (await page.locator('table tbody tr').first().textContent()) ?? '')
      .toContain(text('EN', 'bo', 'referrals.statuses.registered'));
    await page.screenshot({ path: path.join(shots, 'bo-referrals.png') });
    await context.close();
  });
});
