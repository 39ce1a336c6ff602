import i18n from 'i18next';
import { routeFor } from '../app/routes.ts';
import { showToast } from '../shell/toast.tsx';

/**
 * Where a customer-service or social link goes: a screen of the site, a page outside it, or nowhere
 * (a site path with no screen, which the router would silently turn into home).
 */
export function linkTarget(url: string): 'site' | 'outside' | 'none' {
  if (!url.startsWith('/')) return /^(https?:|mailto:|tg:|whatsapp:)/i.test(url) ? 'outside' : 'none';
  const path = url.split(/[?#]/)[0] ?? url;
  return routeFor(path) ? 'site' : 'none';
}

/**
 * Opens a customer-service or social link: site paths in the app, others in a new tab. A link that
 * leads nowhere says so instead of landing on home.
 */
export function openLink(url: string, navigate: (path: string) => void): void {
  const target = linkTarget(url);
  if (target === 'site') navigate(url);
  else if (target === 'outside') window.open(url, '_blank', 'noopener');
  else showToast(i18n.t('web:toast.linkUnavailable'), { kind: 'error' });
}
