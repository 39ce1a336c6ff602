import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_PASSWORD_MAX } from '@playhouse/contract/staff-permissions';
import { ApiError, boFetch } from '../api.ts';
import { TextField } from './TextField.tsx';

/**
 * One's own password: the current one, then a new one twice. The staff policy is shown before typing
 * (12 or more characters, not a common password, not the username); the server checks it and its
 * answer is shown under the field it concerns. Other sessions of the account end.
 */
function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      boFetch('/bo/api/session/password', { method: 'POST', body }),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setRepeat('');
      onChanged();
    },
  });
  const fields = change.error instanceof ApiError ? change.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next !== repeat) return setMismatch(true);
    setMismatch(false);
    change.mutate({ currentPassword: current, newPassword: next });
  };
  return (
    <form className="card section stack" onSubmit={submit} aria-label={t('password.title')} noValidate>
      <p className="hint">{t('password.policy')}</p>
      <TextField
        label={t('password.current')}
        errors={fields.currentPassword}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        required
        maxLength={STAFF_PASSWORD_MAX}
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <TextField
        label={t('password.new')}
        errors={fields.newPassword}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        required
        maxLength={STAFF_PASSWORD_MAX}
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      <TextField
        label={t('password.repeat')}
        errors={mismatch ? [t('password.mismatch')] : undefined}
        type="password"
        name="repeatPassword"
        autoComplete="new-password"
        required
        maxLength={STAFF_PASSWORD_MAX}
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
      />
      {change.error && !Object.keys(fields).length && (
        <p className="alert" role="alert">
          {change.error.message}
        </p>
      )}
      {change.isSuccess && (
        <p className="notice-ok" role="status">
          {t('password.changed')}
        </p>
      )}
      <div className="actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={change.isPending || !current || !next || !repeat}
        >
          {t('password.submit')}
        </button>
      </div>
    </form>
  );
}

/** The console's own-password page, reachable from the bar at the top. */
export function PasswordChangePage() {
  const { t } = useTranslation();
  return (
    <section className="narrow-page">
      <div className="page-head">
        <h1>{t('password.title')}</h1>
      </div>
      <PasswordForm onChanged={() => undefined} />
    </section>
  );
}

/**
 * What a member of staff sees while their password is one somebody else chose (a new account, a
 * reset, a generated first password): the change, and nothing else until it is done.
 */
export function PasswordGate({
  username,
  languagePicker,
  onSignOut,
  onChanged,
}: {
  username: string;
  languagePicker: ReactNode;
  onSignOut: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
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
          <h1>{t('password.requiredTitle')}</h1>
        </div>
        <p className="alert" role="alert">
          {t('password.requiredIntro')}
        </p>
        <PasswordForm onChanged={onChanged} />
      </main>
    </div>
  );
}
