import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The platform console (decision 039) at /bo/platform: platform owners, above every operator, sign in
 * with a password and an authenticator code (the first sign-in shows the key to add to one), make
 * operators, suspend or resume them and see each one's totals. Its own session, kept for the tab only.
 */
const TOKEN_KEY = 'platformToken';

interface Operator {
  id: number;
  code: string;
  name: string;
  status: 'active' | 'suspended';
  domains: string[];
  currency: string;
  members: number;
  deposits: { count: number; total: string };
  withdrawals: { count: number; total: string };
  memberBalances: string;
}

type Answer<T> = { success: boolean; value?: T; message?: string; fields?: Record<string, string[]> };

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string | null,
): Promise<Answer<T>> {
  const res = await fetch(path, {
    method,
    headers: {
      language: document.documentElement.lang || 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Answer<T>;
}

const problem = (a: Answer<unknown>) =>
  [a.message, ...Object.entries(a.fields ?? {}).map(([f, m]) => `${f}: ${m.join(', ')}`)]
    .filter(Boolean)
    .join(' · ');

function SignIn({ onToken }: { onToken: (token: string) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const [enrol, setEnrol] = useState<{ token: string; secret: string; uri: string } | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const code = String(form.get('code') ?? '');
    if (enrol) {
      const a = await call<{ token: string }>('POST', '/platform/api/session/2fa', { code }, enrol.token);
      return a.value ? onToken(a.value.token) : setError(problem(a));
    }
    const a = await call<{ token: string; enrolment?: { secret: string; otpauthUri: string } }>(
      'POST',
      '/platform/api/session',
      { username: form.get('username'), password: form.get('password'), ...(code ? { code } : {}) },
    );
    if (!a.value) return setError(problem(a));
    setError('');
    if (a.value.enrolment)
      setEnrol({ token: a.value.token, secret: a.value.enrolment.secret, uri: a.value.enrolment.otpauthUri });
    else onToken(a.value.token);
  };
  return (
    <div className="login">
      <form className="login-card login-form" onSubmit={(e) => void submit(e)}>
        <h2>{t('platform.title')}</h2>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        {enrol ? (
          <>
            <p>{t('platform.enrolHint')}</p>
            <label className="field">
              <span>{t('platform.key')}</span>
              <input readOnly value={enrol.secret} dir="ltr" />
            </label>
          </>
        ) : (
          <>
            <label className="field">
              <span>{t('login.username')}</span>
              <input name="username" autoComplete="username" required />
            </label>
            <label className="field">
              <span>{t('login.password')}</span>
              <input name="password" type="password" autoComplete="current-password" required />
            </label>
          </>
        )}
        <label className="field">
          <span>{t('login.code')}</span>
          <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" dir="ltr" />
        </label>
        <button type="submit" className="btn btn-primary">
          {enrol ? t('login.verify') : t('login.submit')}
        </button>
      </form>
    </div>
  );
}

function NewOperator({ token, onCreated }: { token: string; onCreated: (message: string) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const list = (name: string) =>
      String(f.get(name) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const languages = list('languages').map((l) => l.toUpperCase());
    const domains = list('domains');
    const a = await call<{ id: number }>(
      'POST',
      '/platform/api/operators',
      {
        code: f.get('code'),
        name: f.get('name'),
        currency: String(f.get('currency') ?? '').toUpperCase(),
        languages: { supported: languages, default: languages[0] ?? '' },
        domains,
        owner: { username: f.get('ownerUsername'), password: f.get('ownerPassword') },
      },
      token,
    );
    if (!a.value) return setError(problem(a));
    setError('');
    form.reset();
    onCreated(t('platform.created', { code: String(f.get('code')), domain: domains[0] ?? '' }));
  };
  return (
    <form className="card section" onSubmit={(e) => void submit(e)}>
      <h3>{t('platform.create')}</h3>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <label className="field">
        <span>{t('platform.code')}</span>
        <input name="code" required pattern="[a-z][a-z0-9_\-]{1,31}" dir="ltr" />
      </label>
      <label className="field">
        <span>{t('settings.site.name')}</span>
        <input name="name" required maxLength={60} />
      </label>
      <label className="field narrow">
        <span>{t('settings.site.currency')}</span>
        <input name="currency" required pattern="[A-Za-z]{3}" dir="ltr" />
      </label>
      <label className="field">
        <span>{t('platform.languages')}</span>
        <input name="languages" required dir="ltr" placeholder="EN, TH" />
      </label>
      <label className="field">
        <span>{t('platform.domains')}</span>
        <input name="domains" required dir="ltr" placeholder="play.example.com" />
      </label>
      <fieldset className="field">
        <legend>{t('platform.owner')}</legend>
        <label className="field">
          <span>{t('login.username')}</span>
          <input name="ownerUsername" required autoComplete="off" />
        </label>
        <label className="field">
          <span>{t('login.password')}</span>
          <input name="ownerPassword" type="password" required minLength={12} autoComplete="new-password" />
        </label>
      </fieldset>
      <button type="submit" className="btn btn-primary">
        {t('platform.create')}
      </button>
    </form>
  );
}

function Operators({ token, onSignOut }: { token: string; onSignOut: () => void }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const operators = useQuery({
    queryKey: ['platform-operators', token],
    queryFn: async () => {
      const a = await call<Operator[]>('GET', '/platform/api/operators', undefined, token);
      if (!a.value) throw new Error(problem(a));
      return a.value;
    },
  });
  const list = operators.data ?? [];
  const load = () => operators.refetch();
  useEffect(() => {
    if (operators.isError) onSignOut();
  }, [operators.isError, onSignOut]);
  const setStatus = async (o: Operator) => {
    const status = o.status === 'active' ? 'suspended' : 'active';
    const a = await call('PUT', `/platform/api/operators/${o.id}/status`, { status }, token);
    setNotice(a.success ? null : { ok: false, text: problem(a) });
    await load();
  };
  return (
    <div className="content">
      <header className="topbar">
        <strong>{t('platform.title')}</strong>
        <button type="button" className="btn" onClick={onSignOut}>
          {t('nav.signOut')}
        </button>
      </header>
      <h2>{t('platform.operators')}</h2>
      {notice && (
        <p className={notice.ok ? 'notice-ok' : 'alert'} role="status">
          {notice.text}
        </p>
      )}
      <table className="table table-middle section">
        <thead>
          <tr>
            <th>{t('platform.code')}</th>
            <th>{t('settings.site.name')}</th>
            <th>{t('staff.status')}</th>
            <th>{t('platform.domains')}</th>
            <th>{t('platform.members')}</th>
            <th>{t('money.deposits')}</th>
            <th>{t('money.withdrawals')}</th>
            <th>{t('platform.balances')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {list.map((o) => (
            <tr key={o.id}>
              <td dir="ltr">{o.code}</td>
              <td>{o.name}</td>
              <td>{o.status === 'active' ? t('staff.active') : t('platform.suspended')}</td>
              <td dir="ltr">{o.domains.join(', ')}</td>
              <td>{o.members}</td>
              <td dir="ltr">
                {o.deposits.total} {o.currency} ({o.deposits.count})
              </td>
              <td dir="ltr">
                {o.withdrawals.total} {o.currency} ({o.withdrawals.count})
              </td>
              <td dir="ltr">
                {o.memberBalances} {o.currency}
              </td>
              <td>
                <button
                  type="button"
                  className={o.status === 'active' ? 'btn btn-danger' : 'btn'}
                  onClick={() => void setStatus(o)}
                >
                  {o.status === 'active' ? t('platform.suspend') : t('platform.resume')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <NewOperator
        token={token}
        onCreated={(message) => {
          setNotice({ ok: true, text: message });
          void load();
        }}
      />
    </div>
  );
}

export default function PlatformConsole() {
  const { t } = useTranslation();
  const [token, setToken] = useState(() => sessionStorage.getItem(TOKEN_KEY));
  useEffect(() => {
    document.title = t('platform.title');
  }, [t]);
  const signOut = useCallback(() => {
    sessionStorage.removeItem(TOKEN_KEY);
    setToken(null);
  }, []);
  if (!token)
    return (
      <SignIn
        onToken={(next) => {
          sessionStorage.setItem(TOKEN_KEY, next);
          setToken(next);
        }}
      />
    );
  return <Operators token={token} onSignOut={signOut} />;
}
