import i18n from 'i18next';
import { apiFetch } from '../lib/api.ts';
import { openLink } from '../lib/links.ts';
import { languageParam, withQuery } from '../lib/query-string.ts';

/** The site's own chat page: opened through CBS_launchChat rather than as a plain link. */
const OWN_CHAT = /^\/m\/chat(?:[?#]|$)/;

/**
 * Opens live chat (spec §7 CBS_launchChat): for our own page, the server answers its address with the
 * way back (this page, splash off) and its title; an operator's outside chat opens as a link.
 * If the call fails, the entry's own address is opened instead.
 */
export async function launchChat(entry: { path: string }, navigate: (path: string) => void): Promise<void> {
  if (!OWN_CHAT.test(entry.path)) return openLink(entry.path, navigate);
  try {
    const { chatUrl } = await apiFetch<{ chatUrl: string }>(
      withQuery('/wps/relay/CBS_launchChat', {
        b2c: 1,
        language: languageParam(i18n.language),
        backUrl: location.pathname + location.search,
        // The page's title in the player's language (the entry's own title is the operator's label).
        title: i18n.t('web:menu.liveChat'),
        template: 'v2',
      }),
    );
    navigate(chatUrl);
  } catch {
    openLink(entry.path, navigate);
  }
}
