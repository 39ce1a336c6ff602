import type { AnnouncementList } from '@playhouse/contract/content';
import type { FirstScreen } from '@playhouse/contract/site-page';

let cached: FirstScreen | null | undefined;

function firstScreen(): FirstScreen | null {
  if (cached === undefined) {
    try {
      const text = document.getElementById('first-screen')?.textContent;
      cached = text ? (JSON.parse(text) as FirstScreen) : null;
    } catch {
      cached = null;
    }
  }
  return cached;
}

/** When the page was loaded: the age of what it carries. */
export const firstScreenAt = Date.now();

/**
 * The lobby's content as a guest sees it in `language`, if the page carries it: the home screen
 * then shows its banners on its first render instead of after a request.
 */
export function firstScreenAnnouncements(language: string): AnnouncementList | undefined {
  const data = firstScreen();
  return data && data.language === language ? data.announcements : undefined;
}
