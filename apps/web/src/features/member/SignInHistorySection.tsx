import type { SignInHistory } from '@playhouse/contract/account';
import { findLanguage } from '@playhouse/contract/languages';
import { useTranslation } from 'react-i18next';
import { useMemberQuery } from '../../session/session.ts';
import './security.css';

/** The security centre's sign-in history: the last sign-ins, new devices and countries marked. */
export function SignInHistorySection() {
  const { t, i18n } = useTranslation('member');
  const history = useMemberQuery<SignInHistory>('sign-ins', '/wps/member/sign-ins');
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const when = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  const list = history.data?.signIns ?? [];
  return (
    <section className="mc-card mc-padded" aria-labelledby="sign-ins-title" data-sign-ins>
      <h2 className="mc-card-title" id="sign-ins-title">
        {t('signIns.title')}
      </h2>
      <p className="mc-muted">{t('signIns.text', { count: history.data?.devices.length ?? 0 })}</p>
      {history.isPending ? (
        <div className="mc-skeleton" aria-hidden="true" />
      ) : (
        <ul className="si-list">
          {list.map((s) => (
            <li key={s.id} className="si-row">
              <div>
                <strong dir="ltr">{s.device}</strong>
                {(s.newDevice || s.newCountry) && (
                  <span className="mc-chip mc-chip-wait">
                    {s.newDevice ? t('signIns.newDevice') : t('signIns.newCountry')}
                  </span>
                )}
              </div>
              <span className="mc-muted">
                {when.format(s.at)} · <bdi>{[s.country, s.ip].filter(Boolean).join(' · ')}</bdi>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
