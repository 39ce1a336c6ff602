import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import { ApiError, boFetch } from '../api.ts';

interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: number | null;
  recoveryCodesLeft: number;
  required: boolean;
  enrolmentOnly: boolean;
}

interface Enrolment {
  secret: string;
  uri: string;
  qrCode: string;
}

export interface EnabledResult {
  recoveryCodes: string[];
  /** A full session, when an enrolment-only one ended. */
  token?: string;
}

const asApiError = (e: unknown) => (e instanceof ApiError ? e : new ApiError(0, 'INTERNAL', String(e)));

/** A six-digit code as typed (spaces allowed) goes as `code`; anything else as a recovery code. */
const proofOf = (value: string) =>
  /^\d{6}$/.test(value.replace(/\s+/g, '')) ? { code: value } : { recoveryCode: value };

function Alert({ error }: { error: ApiError | null }) {
  return error ? (
    <p className="alert" role="alert">
      {error.message}
    </p>
  ) : null;
}

/** Enrolment: a new secret as a QR code and as text, then a code from the app to turn it on. */
export function TwoFactorSetup({ onEnabled }: { onEnabled: (result: EnabledResult) => void }) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setEnrolment(await boFetch<Enrolment>('/bo/api/staff/2fa/enrol', { method: 'POST' }));
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onEnabled(
        await boFetch<EnabledResult>('/bo/api/staff/2fa/confirm', { method: 'POST', body: { code } }),
      );
    } catch (e) {
      setError(asApiError(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  if (!enrolment)
    return (
      <div className="stack">
        <Alert error={error} />
        <div>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
            {t('twoFactor.setUp')}
          </button>
        </div>
      </div>
    );
  return (
    <form className="enrol" onSubmit={(e) => void confirm(e)} noValidate>
      <p>{t('twoFactor.scan')}</p>
      <div className="qr">
        <img src={enrolment.qrCode} alt={t('twoFactor.qrAlt')} width={200} height={200} />
      </div>
      <p className="hint">{t('twoFactor.manual')}</p>
      <code className="secret mono" data-testid="totp-secret">
        {enrolment.secret.match(/.{1,4}/g)?.join(' ')}
      </code>
      <p>{t('twoFactor.enterCode')}</p>
      <Alert error={error} />
      <label className="field narrow">
        <span>{t('twoFactor.code')}</span>
        <input
          name="code"
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={Boolean(error)}
        />
      </label>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !code.trim()}>
          {t('twoFactor.turnOn')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setEnrolment(null);
            setError(null);
          }}
        >
          {t('twoFactor.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Recovery codes, shown once, with a clear note to save them. */
export function RecoveryCodesPanel({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <section className="card section recovery" aria-labelledby="recovery-title">
      <h2 id="recovery-title">{t('twoFactor.recoveryTitle')}</h2>
      <p className="warning" role="note">
        {t('twoFactor.recoveryNote')}
      </p>
      <ol className="recovery-codes mono">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="actions">
        <button
          type="button"
          className="btn"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => setCopied(true))
              .catch(() => undefined)
          }
        >
          {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {doneLabel ?? t('twoFactor.saved')}
        </button>
      </div>
    </section>
  );
}

/** One code field and a button: turning the factor off, or making new recovery codes. */
function CodeAction({
  title,
  hint,
  label,
  action,
  danger,
  onSubmit,
}: {
  title: string;
  hint: string;
  label: string;
  action: string;
  danger?: boolean;
  onSubmit: (value: string) => Promise<void>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value);
      setValue('');
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card section" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{title}</h2>
      <p className="hint">{hint}</p>
      <Alert error={error} />
      <div className="inline-form">
        <label className="field">
          <span>{label}</span>
          <input
            className="code-input"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={16}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={Boolean(error)}
          />
        </label>
        <button type="submit" className={danger ? 'btn btn-danger' : 'btn'} disabled={busy || !value.trim()}>
          {action}
        </button>
      </div>
    </form>
  );
}

/** The signed-in staff member's two-step verification: enrol, new recovery codes, turn off. */
export function SecurityPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['2fa'],
    queryFn: () => boFetch<TwoFactorStatus>('/bo/api/staff/2fa'),
  });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['2fa'] });
  const tag = findLanguage(i18n.language)?.tag ?? 'en';

  if (status.error) return <p className="alert">{status.error.message}</p>;
  if (!status.data) return <p className="hint">{t('table.loading')}</p>;
  const s = status.data;
  return (
    <section className="security">
      <div className="page-head">
        <h1>{t('twoFactor.title')}</h1>
        <span className={s.enabled ? 'badge badge-on' : 'badge badge-off'}>
          {s.enabled ? t('twoFactor.on') : t('twoFactor.off')}
        </span>
      </div>
      {notice && (
        <p className="notice-ok" role="status">
          {notice}
        </p>
      )}
      {codes ? (
        <RecoveryCodesPanel
          codes={codes}
          onDone={() => {
            setCodes(null);
            refresh();
          }}
        />
      ) : (
        <>
          <section className="card section">
            <p>{t('twoFactor.intro')}</p>
            {s.required && <p className="hint">{t('twoFactor.required')}</p>}
            {s.enabled ? (
              <ul className="facts">
                {s.enabledAt && (
                  <li>
                    {t('twoFactor.enabledSince', {
                      date: new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(s.enabledAt),
                    })}
                  </li>
                )}
                <li>{t('twoFactor.codesLeft', { left: s.recoveryCodesLeft })}</li>
              </ul>
            ) : (
              <TwoFactorSetup
                onEnabled={(result) => {
                  setNotice(t('twoFactor.turnedOn'));
                  setCodes(result.recoveryCodes);
                  refresh();
                }}
              />
            )}
          </section>
          {s.enabled && (
            <>
              <CodeAction
                title={t('twoFactor.newCodesTitle')}
                hint={t('twoFactor.newCodesHint')}
                label={t('twoFactor.code')}
                action={t('twoFactor.newCodes')}
                onSubmit={async (code) => {
                  const result = await boFetch<EnabledResult>('/bo/api/staff/2fa/recovery-codes', {
                    method: 'POST',
                    body: { code },
                  });
                  setNotice(null);
                  setCodes(result.recoveryCodes);
                }}
              />
              <CodeAction
                title={t('twoFactor.turnOffTitle')}
                hint={t('twoFactor.turnOffHint')}
                label={t('twoFactor.codeOrRecovery')}
                action={t('twoFactor.turnOff')}
                danger
                onSubmit={async (value) => {
                  await boFetch('/bo/api/staff/2fa/disable', { method: 'POST', body: proofOf(value) });
                  setNotice(t('twoFactor.turnedOff'));
                  refresh();
                }}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
