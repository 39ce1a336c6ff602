import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '../lib/timing.ts';

/**
 * The language that content queries (vendors, hot games, banners) are keyed on. It follows the
 * page language after a 250 ms pause, so quick switching reloads content once.
 */
export function useContentLanguage(): string {
  const { i18n } = useTranslation();
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    if (language === i18n.language) return;
    const timer = setTimeout(() => setLanguage(i18n.language), TIMING.languageReloadDebounceMs);
    return () => clearTimeout(timer);
  }, [i18n.language, language]);
  return language;
}
