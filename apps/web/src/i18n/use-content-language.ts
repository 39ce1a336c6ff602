import i18next, { type i18n as I18n } from 'i18next';
import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { I18nContext } from 'react-i18next';
import { TIMING } from '../lib/timing.ts';

const subscribers = new WeakMap<I18n, (onChange: () => void) => () => void>();
/** One subscribe function per instance, so React does not resubscribe on every render. */
function subscribeTo(instance: I18n) {
  let subscribe = subscribers.get(instance);
  if (!subscribe) {
    subscribe = (onChange) => {
      instance.on('languageChanged', onChange);
      return () => instance.off('languageChanged', onChange);
    };
    subscribers.set(instance, subscribe);
  }
  return subscribe;
}

/**
 * The language that content queries (vendors, hot games, banners) are keyed on. It follows the
 * page language after a 250 ms pause, so quick switching reloads content once. Many lobby queries
 * use it, so it listens to i18next directly rather than through a translation hook each.
 */
export function useContentLanguage(): string {
  // The server renders each page with an instance of its own, handed down by I18nextProvider.
  const instance = useContext(I18nContext)?.i18n ?? i18next;
  const current = () => instance.language;
  const pageLanguage = useSyncExternalStore(subscribeTo(instance), current, current);
  const [language, setLanguage] = useState(pageLanguage);
  useEffect(() => {
    if (language === pageLanguage) return;
    const timer = setTimeout(() => setLanguage(pageLanguage), TIMING.languageReloadDebounceMs);
    return () => clearTimeout(timer);
  }, [pageLanguage, language]);
  return language;
}
