import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import { setLanguage } from '../i18n/i18n.ts';
import { useSiteStatus } from '../status/site-status.ts';
import { flagEmoji, Icon } from './Icon.tsx';

/** The operator's supported languages with flags and a tick on the current one. */
export function LanguageList({ onChosen }: { onChosen?: () => void }) {
  const { i18n } = useTranslation();
  const status = useSiteStatus();
  const supported = status?.info.languages.supported ?? ['EN'];
  return (
    <ul className="language-list" role="listbox" aria-label={i18n.t('menu.language')}>
      {supported.map((code) => {
        const language = findLanguage(code);
        if (!language) return null;
        const current = i18n.language === code;
        return (
          <li key={code}>
            <button
              type="button"
              role="option"
              aria-selected={current}
              lang={language.tag}
              className={`language-item${current ? ' is-current' : ''}`}
              onClick={() => {
                void setLanguage(code);
                onChosen?.();
              }}
            >
              <span className="flag" aria-hidden="true">
                {flagEmoji(language.flag)}
              </span>
              <span className="language-name">{language.name}</span>
              {current && <Icon name="check" size={18} className="tick" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
