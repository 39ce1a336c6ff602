import i18n from 'i18next';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { TIMING } from '../lib/timing.ts';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = () => i18n.language;

/**
 * The language that content queries (vendors, hot games, banners) are keyed on. It follows the
 * page language after a 250 ms pause, so quick switching reloads content once. Many lobby queries
 * use it, so it listens to i18next directly rather than through a translation hook each.
 */
export function useContentLanguage(): string {
  const pageLanguage = useSyncExternalStore(subscribe, currentLanguage);
  const [language, setLanguage] = useState(pageLanguage);
  useEffect(() => {
    if (language === pageLanguage) return;
    const timer = setTimeout(() => setLanguage(pageLanguage), TIMING.languageReloadDebounceMs);
    return () => clearTimeout(timer);
  }, [pageLanguage, language]);
  return language;
}
