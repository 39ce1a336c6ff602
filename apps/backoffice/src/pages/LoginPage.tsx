import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, boFetch } from '../api.ts';

/** Staff sign-in. */
export function LoginPage({
  onSignedIn,
  languagePicker,
}: {
  onSignedIn: (token: string) => void;
  languagePicker: ReactNode;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await boFetch<{ token: string }>('/bo/api/session', {
        method: 'POST',
        body: { username, password },
      });
      onSignedIn(session.token);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, 'INTERNAL', String(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="login">
      <form className="card login-card" onSubmit={(e) => void submit(e)} noValidate>
        <div className="brand">
          <img src="/m/icon.svg" alt="" width="36" height="36" />
          <h1>{t('login.title')}</h1>
        </div>
        {error && (
          <p className="alert" role="alert">
            {error.message}
          </p>
        )}
        <label className="field">
          <span>{t('login.username')}</span>
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-invalid={Boolean(error?.fields.username)}
          />
          {error?.fields.username && (
            <small className="field-error">{error.fields.username.join(', ')}</small>
          )}
        </label>
        <label className="field">
          <span>{t('login.password')}</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(error?.fields.password)}
          />
          {error?.fields.password && (
            <small className="field-error">{error.fields.password.join(', ')}</small>
          )}
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('login.submit')}
        </button>
        <div className="login-language">{languagePicker}</div>
      </form>
    </div>
  );
}
