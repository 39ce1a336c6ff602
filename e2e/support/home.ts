import type { Page } from 'playwright-core';
import { HOME_PATH } from '../../apps/web/src/app/routes.ts';

/**
 * Opens home. A member is greeted with the operator's welcome popups when the lobby's content (the
 * page's own request for it) holds any; they come once the lower part of home has loaded, and are
 * waited for and closed (Escape), so nothing covers the page afterwards.
 */
export async function openHome(page: Page, signedIn: boolean): Promise<void> {
  const content = signedIn
    ? page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/MCSFE_getListAnnouncements'))
    : undefined;
  await page.goto(HOME_PATH);
  const body = content ? ((await (await content).json()) as { value?: { popup?: unknown[] } }) : {};
  if (body.value?.popup?.length) {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
}
