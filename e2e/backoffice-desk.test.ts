import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerMember, staffToken, type MemberSession } from './support/api.ts';
import { launchBrowser, newPhone, signedInConsole } from './support/browser.ts';
import { text } from './support/catalogue.ts';

/**
 * The operator's daily basics without raw API calls (issue 23), at a laptop's 1366×900: find a member
 * by mobile number, open their page, end their session (their next API call is refused) and add a
 * note; publish a banner and an announcement and see them on the player site; switch a game off and
 * see it leave the lobby. Screenshots of the new pages (also at tablet size, 768×1024) go to
 * docs/screenshots/.
 */
const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
mkdirSync(shots, { recursive: true });
const LAPTOP = { width: 1366, height: 900 };
const TABLET = { width: 768, height: 1024 };

const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [name, value]) => s.replace(`{{${name}}}`, String(value)), template);
const bo = (key: string, values: Record<string, string | number> = {}) => fill(text('EN', 'bo', key), values);

let browser: Browser;
const cleanup: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
  await browser?.close();
});

/** Binds a mobile number to the member the way the security centre does: a code by SMS, read from the outbox. */
async function bindMobile(member: MemberSession, mobile: string) {
  const sent = await api('POST', '/wps/member/contact/code', {
    token: member.token,
    body: { kind: 'phone', countryDialingCode: '63', mobileNum: mobile },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const { body } = await api<{ list: { body: string }[] }>(
    'GET',
    `/bo/api/outbox?channel=sms&recipient=${encodeURIComponent(`+63${mobile}`)}`,
    { token: await staffToken() },
  );
  const code = /\b(\d{6})\b/.exec(body.value?.list[0]?.body ?? '')?.[1];
  const bound = await api('POST', '/wps/member/contact/bind', {
    token: member.token,
    body: { kind: 'phone', countryDialingCode: '63', mobileNum: mobile, verificationCode: code },
  });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
}

/** Records console errors of a page; the test fails on any. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

describe('back office: members, content and games', () => {
  it('finds a member by mobile, ends their session and adds a note', async () => {
    const member = await registerMember('desk');
    const mobile = `917${String(Date.now()).slice(-7)}`;
    await bindMobile(member, mobile);
    const page = await signedInConsole(browser, 'admin', { viewport: LAPTOP });
    const errors = consoleErrors(page);
    await page.getByRole('link', { name: bo('members.nav'), exact: true }).click();
    const search = page.getByRole('search');
    await search.getByLabel(bo('members.searchBy')).selectOption('mobile');
    await search.getByLabel(bo('members.searchFor')).fill(mobile);
    await search.getByRole('button', { name: bo('members.search') }).click();
    const link = page.getByRole('link', { name: member.userName, exact: true });
    await link.waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(1);
    await shoot(page, 'bo-members-search');
    await link.click();

    await page.getByRole('heading', { name: member.userName }).waitFor();
    const before = await api('GET', '/wps/member/info', { token: member.token });
    expect(before.status).toBe(200);
    // The sessions tab opens first: the member's one session, ended by staff.
    const end = page.getByRole('button', { name: bo('members.endSession') });
    await expect.poll(() => end.count()).toBe(1);
    await shoot(page, 'bo-member-page');
    await end.click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(bo('members.sessionEnded'));
    await expect.poll(() => end.count()).toBe(0);
    const after = await api('GET', '/wps/member/info', { token: member.token });
    expect(after.status).toBe(401);

    await page.getByRole('tab', { name: bo('members.tabs.notes') }).click();
    await page.getByLabel(bo('members.noteLabel')).fill('Asked to be signed out of a lost phone.');
    await page.getByRole('button', { name: bo('members.addNote') }).click();
    await expect
      .poll(() => page.locator('.member-note').first().textContent())
      .toBe('Asked to be signed out of a lost phone.');
    await shoot(page, 'bo-member-notes');
    await page.getByRole('tab', { name: bo('members.tabs.audit') }).click();
    await expect
      .poll(() => page.locator('[role=tabpanel] tbody').textContent())
      .toContain(bo('audit.actions.member_session_revoked_staff'));

    // Tablet width: the page keeps to the screen (no sideways scrolling).
    await page.setViewportSize(TABLET);
    await page.getByRole('tab', { name: bo('members.tabs.limits') }).click();
    await page.getByText(bo('members.limitsHint')).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await shoot(page, 'bo-member-page-tablet');
    // Arabic: the console turns right-to-left, the member page with it.
    await page.setViewportSize(LAPTOP);
    await page.getByLabel(bo('nav.language')).selectOption('AR');
    await page.getByRole('tab', { name: text('AR', 'bo', 'members.tabs.sessions') }).click();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByText(text('AR', 'bo', 'members.liveSessions')).waitFor();
    await shoot(page, 'bo-member-page-ar');
    await page.getByLabel(text('AR', 'bo', 'nav.language')).selectOption('EN');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('publishes a banner and an announcement that the player site then shows', async () => {
    const token = await staffToken();
    const { body: existing } = await api<{ url: string }[]>('GET', '/bo/api/content/banners', { token });
    const image = existing.value!.find((b) => b.url.startsWith('/lgw/art/banners/'))!.url;
    const stamp = Date.now().toString(36);
    const bannerTitle = `Weekend cashback ${stamp}`;
    const noticeTitle = `Maintenance window ${stamp}`;
    const page = await signedInConsole(browser, 'admin', { viewport: LAPTOP });
    const errors = consoleErrors(page);
    await page.getByRole('link', { name: bo('contentBo.nav'), exact: true }).click();
    await page.getByRole('button', { name: bo('contentBo.newBanner') }).click();
    const bannerForm = page.getByRole('form', { name: bo('contentBo.newBanner') });
    await bannerForm.getByLabel(bo('contentBo.title')).fill(bannerTitle);
    await bannerForm.getByLabel(bo('contentBo.image')).fill(image);
    await bannerForm.getByLabel(bo('contentBo.action')).selectOption('ROUTE');
    await bannerForm.getByLabel(bo('contentBo.actionTarget')).fill('/m/promotions');
    await bannerForm.locator('.preview-banner img').waitFor();
    await shoot(page, 'bo-content-banner');
    await bannerForm.getByRole('button', { name: bo('contentBo.publish') }).click();
    await page.getByRole('cell', { name: bannerTitle }).waitFor();

    await page.getByRole('tab', { name: bo('contentBo.tabs.notices') }).click();
    await page.getByRole('button', { name: bo('contentBo.newNotice') }).click();
    const noticeForm = page.getByRole('form', { name: bo('contentBo.newNotice') });
    await noticeForm.getByLabel(bo('contentBo.title')).fill(noticeTitle);
    await noticeForm
      .getByLabel(bo('contentBo.html'))
      .fill(
        '<p>Deposits pause <b>02:00–02:30</b> tonight.<img src="x" onerror="window.__owned=1"></p><script>window.__owned=2</script>',
      );
    await expect.poll(() => noticeForm.locator('.preview-html b').textContent()).toBe('02:00–02:30');
    expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
    expect(await noticeForm.locator('.preview-html script, .preview-html [onerror]').count()).toBe(0);
    await shoot(page, 'bo-content-notice');
    await noticeForm.getByRole('button', { name: bo('contentBo.publish') }).click();
    await page.getByRole('cell', { name: noticeTitle }).waitFor();

    const [banner, notice] = await Promise.all([
      api<{ id: number; title: string }[]>('GET', '/bo/api/content/banners', { token }),
      api<{ id: number; title: string; content: string }[]>('GET', '/bo/api/content/announcements', {
        token,
      }),
    ]);
    const bannerId = banner.body.value!.find((b) => b.title === bannerTitle)!.id;
    const saved = notice.body.value!.find((n) => n.title === noticeTitle)!;
    cleanup.push(() => api('DELETE', `/bo/api/content/banners/${bannerId}`, { token }));
    cleanup.push(() => api('DELETE', `/bo/api/content/announcements/${saved.id}`, { token }));
    expect(saved.content).not.toMatch(/script|onerror/);

    await page.setViewportSize(TABLET);
    await page.getByRole('tab', { name: bo('contentBo.tabs.banners') }).click();
    await shoot(page, 'bo-content-tablet');
    expect(errors).toEqual([]);
    await page.context().close();

    const { page: phone, context } = await newPhone(browser, { storage: { language: 'EN' } });
    await phone.goto('/m/home');
    await phone.locator(`.banner-slide[aria-label="${bannerTitle}"]`).waitFor({ state: 'attached' });
    await phone.goto('/m/notice');
    await phone.getByText(noticeTitle).first().waitFor();
    await context.close();
  });

  it('switches a game off and the lobby no longer shows it', async () => {
    const token = await staffToken();
    const { body } = await api<{ games: { nodeId: number; gameName: string }[] }>(
      'GET',
      '/wps/relay/GCSGAME_gameList?gameType=ALL&vassalage=JILI&pageNo=1&pageSize=36',
    );
    const game = body.value!.games[0]!;
    cleanup.push(() => api('PUT', `/bo/api/games/${game.nodeId}`, { token, body: { enabled: true } }));

    const page = await signedInConsole(browser, 'admin', { viewport: LAPTOP });
    const errors = consoleErrors(page);
    await page.getByRole('link', { name: bo('gamesBo.nav'), exact: true }).click();
    const filters = page.getByRole('search');
    await filters.getByLabel(bo('gamesBo.search')).fill(game.gameName);
    await filters.getByRole('button', { name: bo('gamesBo.apply') }).click();
    const toggle = page
      .getByRole('checkbox', { name: bo('gamesBo.gameEnabled', { name: game.gameName }) })
      .first();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await shoot(page, 'bo-games-catalogue');
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect
      .poll(async () => {
        const list = await api<{ games: { nodeId: number }[] }>(
          'GET',
          `/wps/relay/GCSGAME_gameList?gameType=ALL&gameName=${encodeURIComponent(game.gameName)}&pageNo=1&pageSize=36`,
        );
        return list.body.value!.games.map((g) => g.nodeId);
      })
      .not.toContain(game.nodeId);

    await page.getByRole('tab', { name: bo('gamesBo.vendors') }).click();
    await page.getByText(bo('gamesBo.walletMode')).first().waitFor();
    await shoot(page, 'bo-games-vendors');
    await page.setViewportSize(TABLET);
    await page.getByRole('tab', { name: bo('gamesBo.catalogue') }).click();
    await shoot(page, 'bo-games-tablet');
    expect(errors).toEqual([]);
    await page.context().close();

    const { page: phone, context } = await newPhone(browser, { storage: { language: 'EN' } });
    await phone.goto('/m/provider?vassalage=JILI');
    const names = phone.locator('[data-section="list"] .game-name');
    await expect.poll(() => names.count()).toBeGreaterThan(0);
    expect(await names.allTextContents()).not.toContain(game.gameName);
    await context.close();
  });
});
