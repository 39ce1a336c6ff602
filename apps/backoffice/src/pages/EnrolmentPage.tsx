import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecoveryCodesPanel, TwoFactorSetup, type EnabledResult } from './SecurityPage.tsx';

/**
 * What a staff member sees when the settings require two-step verification they have not set up: the
 * session can do nothing else. Confirming swaps it for a full session, used once the codes are saved.
 */
export function EnrolmentPage({
  username,
  languagePicker,
  onSignOut,
  onEnrolled,
}: {
  username: string | undefined;
  languagePicker: ReactNode;
  onSignOut: () => void;
  onEnrolled: (token: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<EnabledResult | null>(null);
  return (
    <div className="gate">
      <header className="topbar">
        <div className="brand">
          <img src="/m/icon.svg" alt="" width="28" height="28" />
          <span>{t('app.title')}</span>
        </div>
        <span className="spacer" />
        {languagePicker}
        <span className="who">{username}</span>
        <button type="button" className="btn" onClick={onSignOut}>
          {t('nav.signOut')}
        </button>
      </header>
      <main className="content narrow-content">
        <div className="page-head">
          <h1>{t('enrol.title')}</h1>
        </div>
        {result ? (
          <RecoveryCodesPanel
            codes={result.recoveryCodes}
            doneLabel={t('enrol.continue')}
            onDone={() => onEnrolled(result.token)}
          />
        ) : (
          <section className="card section">
            <p>{t('enrol.intro')}</p>
            <TwoFactorSetup onEnabled={setResult} />
          </section>
        )}
      </main>
    </div>
  );
}
