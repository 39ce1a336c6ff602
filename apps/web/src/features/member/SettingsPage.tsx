import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findLanguage } from '@playhouse/contract/languages';
import { STORAGE, readString, writeString } from '../../lib/storage.ts';
import { useSession } from '../../session/session.ts';
import { flagEmoji, Icon } from '../../shell/Icon.tsx';
import { useShell } from '../../shell/shell-state.tsx';
import './member.css';

type Theme = 'dark' | 'light';

function applyTheme(theme: Theme) {
  writeString(STORAGE.theme, theme);
  document.documentElement.dataset.theme = theme;
}

/** /m/set: language shortcut, theme, password and sign out. */
export default function SettingsPage() {
  const { t, i18n } = useTranslation('member');
  const session = useSession();
  const { open } = useShell();
  const [theme, setTheme] = useState<Theme>(() => (readString(STORAGE.theme) === 'light' ? 'light' : 'dark'));
  const language = findLanguage(i18n.language);
  const choose = (next: Theme) => {
    setTheme(next);
    applyTheme(next);
  };
  return (
    <div className="mc-page">
      <section className="mc-card">
        <ul className="mc-list">
          <li>
            <button type="button" onClick={() => open('side', { language: true })}>
              <Icon name="globe" size={20} />
              <span>{t('settings.language')}</span>
              <span className="mc-value">
                {language && flagEmoji(language.flag)} {language?.name}
              </span>
              <Icon name="chevron" size={16} className="flip-rtl mc-chevron" />
            </button>
          </li>
          <li className="mc-row">
            <Icon name="eye" size={20} />
            <span id="theme-label">{t('settings.theme')}</span>
            <div className="mc-segment" role="radiogroup" aria-labelledby="theme-label">
              {(['dark', 'light'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  role="radio"
                  aria-checked={theme === option}
                  className={theme === option ? 'active' : ''}
                  onClick={() => choose(option)}
                >
                  {t(`settings.${option}`)}
                </button>
              ))}
            </div>
          </li>
        </ul>
      </section>
      {session && (
        <section className="mc-card">
          <ul className="mc-list">
            <li>
              <Link to="/m/changePsw">
                <Icon name="shield" size={20} />
                <span>{t('settings.changePassword')}</span>
                <Icon name="chevron" size={16} className="flip-rtl mc-chevron" />
              </Link>
            </li>
            <li>
              <Link to="/m/securityCenter">
                <Icon name="user" size={20} />
                <span>{t('settings.securityCenter')}</span>
                <Icon name="chevron" size={16} className="flip-rtl mc-chevron" />
              </Link>
            </li>
          </ul>
        </section>
      )}
      {session && (
        <button type="button" className="btn btn-ghost btn-block mc-logout" onClick={() => open('logout')}>
          <Icon name="logout" size={20} />
          {t('settings.logout')}
        </button>
      )}
    </div>
  );
}
