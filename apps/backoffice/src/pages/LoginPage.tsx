import { useEffect, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, boFetch } from '../api.ts';

interface Captcha {
  captchaKey: string;
  image: string;
}

type LoginResult =
  | { token: string; username: string; expiresAt: number }
  | { twoFactorRequired: true; challenge: string; username: string; expiresAt: number }
  | { enrolmentRequired: true; token: string; username: string; expiresAt: number };

const asApiError = (e: unknown) => (e instanceof ApiError ? e : new ApiError(0, 'INTERNAL', String(e)));

/** A refusal, with the wait before the next try when the server set one. */
function FailureAlert({ error, wait }: { error: ApiError | null; wait: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="alert" role="alert">
      {error.message}
      {wait && <span className="block">{t('login.retryAfter', { time: wait })}</span>}
    </p>
  );
}

/** A labelled input with its field's error; `invalid` overrides whether the field is marked. */
function InputField({
  label,
  field,
  error,
  invalid,
  ...input
}: {
  label: string;
  field: string;
  error: ApiError | null;
  invalid?: boolean;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="field">
      <span>{label}</span>
      <input name={field} {...input} aria-invalid={invalid ?? Boolean(error?.fields[field])} />
      <FieldError error={error} field={field} />
    </label>
  );
}

/** m:ss until a moment, ticking every second; empty once it has passed. */
function useCountdown(until: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  const left = until ? Math.ceil((until - now) / 1000) : 0;
  return left > 0 ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` : '';
}

function FieldError({ error, field }: { error: ApiError | null; field: string }) {
  const messages = error?.fields[field];
  return messages ? <small className="field-error">{messages.join(', ')}</small> : null;
}

/** The password step; shows a captcha as soon as the server asks for one, keeping what was typed. */
function PasswordStep({
  username,
  setUsername,
  notice,
  onSignedIn,
  onChallenge,
}: {
  username: string;
  setUsername: (username: string) => void;
  notice: string | null;
  onSignedIn: (token: string) => void;
  onChallenge: (challenge: string) => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const wait = useCountdown(waitUntil);

  const newCaptcha = async () => {
    setAnswer('');
    try {
      setCaptcha(await boFetch<Captcha>('/bo/api/captcha'));
    } catch (e) {
      setError(asApiError(e));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await boFetch<LoginResult>('/bo/api/session', {
        method: 'POST',
        body: {
          username,
          password,
          ...(captcha ? { captchaKey: captcha.captchaKey, captcha: answer } : {}),
        },
      });
      if ('challenge' in result) onChallenge(result.challenge);
      else onSignedIn(result.token);
    } catch (e) {
      const failure = asApiError(e);
      setError(failure);
      setWaitUntil(failure.flags.retryAfterMs ? Date.now() + failure.flags.retryAfterMs : null);
      // A used captcha is gone: the next try needs a new one.
      if (failure.flags.captchaRequired || captcha) await newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="login-form" onSubmit={(e) => void submit(e)} noValidate>
      {notice && !error && (
        <p className="alert" role="alert">
          {notice}
        </p>
      )}
      <FailureAlert error={error} wait={wait} />
      <InputField
        label={t('login.username')}
        field="username"
        error={error}
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <InputField
        label={t('login.password')}
        field="password"
        error={error}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {captcha && (
        <div className="captcha">
          <div className="captcha-row">
            <img src={captcha.image} alt={t('login.captchaImage')} width={180} height={56} />
            <button type="button" className="btn link-btn" onClick={() => void newCaptcha()}>
              {t('login.newCaptcha')}
            </button>
          </div>
          <InputField
            label={t('login.captcha')}
            field="captcha"
            error={error}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            autoFocus
            value={answer}
            onChange={(e) => setAnswer(e.target.value.replace(/\D/g, ''))}
          />
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || Boolean(wait)}>
        {t('login.submit')}
      </button>
    </form>
  );
}

/** The second step: a code from the authenticator app, or a recovery code. */
function CodeStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (token: string) => void;
  onRestart: (notice: string | null) => void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const wait = useCountdown(waitUntil);
  const field = recovery ? 'recoveryCode' : 'code';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await boFetch<{ token: string }>('/bo/api/session/2fa', {
        method: 'POST',
        body: { challenge, [field]: value },
      });
      onSignedIn(session.token);
    } catch (e) {
      const failure = asApiError(e);
      // Expired, used or out of tries: the password step again.
      if (failure.code === 'TWO_FACTOR_CHALLENGE_INVALID') return onRestart(failure.message);
      setError(failure);
      setWaitUntil(failure.flags.retryAfterMs ? Date.now() + failure.flags.retryAfterMs : null);
      setValue('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="login-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('login.codeTitle')}</h2>
      <p className="hint">{recovery ? t('login.recoveryHint') : t('login.codeHint')}</p>
      <FailureAlert error={error} wait={wait} />
      <InputField
        key={field}
        label={recovery ? t('login.recoveryCode') : t('login.code')}
        field={field}
        error={error}
        invalid={Boolean(error)}
        className={recovery ? 'code-input recovery' : 'code-input'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={recovery ? 16 : 7}
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={busy || !value.trim() || Boolean(wait)}>
        {t('login.verify')}
      </button>
      <button
        type="button"
        className="btn link-btn"
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
          setError(null);
        }}
      >
        {recovery ? t('login.useApp') : t('login.useRecovery')}
      </button>
      <button type="button" className="btn link-btn" onClick={() => onRestart(null)}>
        {t('login.back')}
      </button>
    </form>
  );
}

/** Staff sign-in: password (and a captcha once the server asks), then the second factor if any. */
export function LoginPage({
  onSignedIn,
  languagePicker,
}: {
  onSignedIn: (token: string) => void;
  languagePicker: ReactNode;
}) {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  return (
    <div className="login">
      <div className="card login-card">
        <div className="brand">
          <img src="/m/icon.svg" alt="" width="36" height="36" />
          <h1>{t('login.title')}</h1>
        </div>
        {challenge ? (
          <CodeStep
            challenge={challenge}
            onSignedIn={onSignedIn}
            onRestart={(message) => {
              setNotice(message);
              setChallenge(null);
            }}
          />
        ) : (
          <PasswordStep
            username={username}
            setUsername={setUsername}
            notice={notice}
            onSignedIn={onSignedIn}
            onChallenge={(c) => {
              setNotice(null);
              setChallenge(c);
            }}
          />
        )}
        <div className="login-language">{languagePicker}</div>
      </div>
    </div>
  );
}
