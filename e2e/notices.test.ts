import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, signedInStorage, type MemberSession } from './support/api.ts';
import { closedAfterEachTest, launchBrowser, newPhone } from './support/browser.ts';
import { text } from './support/catalogue.ts';
import { openHome } from './support/home.ts';

interface Notice {
  id: number;
  title: string;
  startDate: number;
  read: boolean;
}
interface News {
  list: Notice[];
  unreadCount: number;
}

let browser: Browser;
let member: MemberSession;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await registerMember('notices');
});
afterAll(async () => {
  await browser?.close();
});

const lobby = (key: string) => text('EN', 'lobby', key);
const news = async (token?: string) =>
  (await api<News>('GET', '/wps/relay/GLS2_lobbyNews?language=EN', token ? { token } : {})).body.value!;

const keepUntilTestEnds = closedAfterEachTest();

async function phone(signedIn: boolean): Promise<Page> {
  const { page } = await newPhone(browser, { storage: signedIn ? signedInStorage(member) : {} });
  return keepUntilTestEnds(page);
}

/** The number on the header's inbox badge, 0 when there is none. */
async function inboxBadge(page: Page): Promise<number> {
  const badge = page.locator('.app-header a[href="/m/webEmail"] .badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

/** The number of unread announcements the ticker shows, 0 when it shows none. */
async function tickerBadge(page: Page): Promise<number> {
  const badge = page.locator('a.ticker .ticker-unread');
  if ((await badge.count()) === 0) return 0;
  const label = await badge.locator('.visually-hidden').textContent();
  expect(label).toBe(`${lobby('notices.unread')}: `);
  return Number((await badge.textContent())!.slice(label!.length));
}

/** The member's unread inbox messages, as the server counts them. */
const inboxUnread = async () =>
  (await api<{ inbox: number }>('GET', '/wps/relay/CSP_unreadCount?language=EN', { token: member.token }))
    .body.value!.inbox;

describe('notices', () => {
  it("counts a member's unread notices on the ticker, apart from the inbox's count, and reading one from the ticker's list counts it down", async () => {
    const before = await news(member.token);
    expect(before.unreadCount).toBeGreaterThan(1);
    const page = await phone(true);
    await openHome(page, true);
    await expect.poll(() => tickerBadge(page)).toBe(before.unreadCount);
    // The inbox link counts inbox messages only: what the inbox itself says is unread.
    expect(await inboxBadge(page)).toBe(await inboxUnread());

    // The ticker opens the list: every notice, newest first, unread ones marked, dated YYYY-MM-DD.
    await page.locator('a.ticker').click();
    await page.waitForURL('**/m/notice');
    const items = page.locator('.notice-list > .notice');
    await expect.poll(() => items.count()).toBe(before.list.length);
    expect(await page.locator('.notice-list .notice-title').allTextContents()).toEqual(
      before.list.map((n) => n.title),
    );
    expect(await page.locator('.notice-dot').count()).toBe(before.unreadCount);
    expect(await items.first().locator('time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await items.first().locator('time').getAttribute('datetime')).toBe(
      await items.first().locator('time').textContent(),
    );

    // Opening one shows its whole text and marks it read at once; the server and the badge follow.
    const first = items.first();
    await first.locator('.notice-head').click();
    expect(await first.locator('.notice-head').getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => first.locator('.notice-body').count()).toBe(1);
    expect(await first.locator('.notice-dot').count()).toBe(0);
    await expect.poll(async () => (await news(member.token)).unreadCount).toBe(before.unreadCount - 1);
    expect((await news(member.token)).list[0]!.read).toBe(true);
    // Closing and opening it again reports nothing more.
    await first.locator('.notice-head').click();
    expect(await first.locator('.notice-body').count()).toBe(0);
    await first.locator('.notice-head').click();
    await page.waitForTimeout(300);
    expect((await news(member.token)).unreadCount).toBe(before.unreadCount - 1);
    // Back home, the badge counts one fewer.
    await page.goBack();
    await page.waitForURL('**/m/home');
    await expect.poll(() => tickerBadge(page)).toBe(before.unreadCount - 1);
  });

  it('shows one notice by id, marks it read, and says when an id names none', async () => {
    const { list } = await news(member.token);
    const unread = list.find((n) => !n.read)!;
    const page = await phone(true);
    await page.goto(`/m/noticeDetail?id=${unread.id}`);
    const article = page.locator('article.notice-article');
    await article.waitFor();
    expect(await article.locator('h2').textContent()).toBe(unread.title);
    await expect.poll(() => article.locator('.notice-body').count()).toBe(1);
    await expect
      .poll(async () => (await news(member.token)).list.find((n) => n.id === unread.id)!.read)
      .toBe(true);

    for (const id of ['99999999', 'abc']) {
      await page.goto(`/m/noticeDetail?id=${id}`);
      await page.getByText(lobby('notices.gone')).waitFor();
      expect(await page.locator('article.notice-article').count()).toBe(0);
    }
    await page.getByRole('link', { name: lobby('notices.all') }).click();
    await page.waitForURL('**/m/notice');
    await page.locator('.notice-list').waitFor();
  });

  it('shows a guest every notice as read, with no counter to ask for', async () => {
    const guestNews = await news();
    const page = await phone(false);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('CSP_unreadCount')) asked.push(r.url());
    });
    await page.goto('/m/notice');
    await expect.poll(() => page.locator('.notice-list > .notice').count()).toBe(guestNews.list.length);
    expect(await page.locator('.notice-dot').count()).toBe(0);
    await page.locator('.notice-head').first().click();
    await page.locator('.notice-body').first().waitFor();
    expect(asked).toEqual([]);
  });

  it('offers a retry when the list cannot load, and loads it on the tap', async () => {
    const page = await phone(false);
    let fail = true;
    await page.route('**/wps/relay/GLS2_lobbyNews*', (route) =>
      fail ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
    );
    await page.goto('/m/notice');
    const retry = page.getByRole('button', { name: lobby('notices.failed') });
    await retry.waitFor();
    fail = false;
    await retry.click();
    await page.locator('.notice-list').waitFor();
  });
});
