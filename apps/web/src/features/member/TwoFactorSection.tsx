import type { MemberTotpEnrolment, MemberTwoFactorStatus } from '@playhouse/contract/account';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField.tsx';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { useMemberQuery } from '../../session/session.ts';
import { showToast } from '../../shell/toast.tsx';
import '../../components/form/form.css';
import './security.css';

const useTwoFactor = () => useMemberQuery<MemberTwoFactorStatus>('two-factor', '/wps/member/2fa');

/** A six-digit code box (or a recovery code when `recovery`), left to right in every language. */
function CodeInput(props: { id: string; value: string; onChange: (v: string) => void; recovery?: boolean }) {
  return (
    <input
      id={props.id}
      className="auth-input"
      dir="ltr"
      inputMode={props.recovery ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      autoCapitalize="none"
      maxLength={props.recovery ? 11 : 6}
      value={props.value}
      onChange={(e) =>
        props.onChange(props.recovery ? e.target.value : e.target.value.replace(/\D/g, '').slice(0, 6))
      }
    />
  );
}

/** Recovery codes, shown once, to write down. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('member');
  return (
    <div className="tf-recovery" data-recovery-codes>
      <h3 className="mc-card-title">{t('twoFactor.recoveryTitle')}</h3>
      <p className="mc-muted">{t('twoFactor.recoveryText')}</p>
      <ol className="tf-codes" dir="ltr">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-primary btn-block" onClick={onDone}>
        {t('twoFactor.done')}
      </button>
    </div>
  );
}

/**
 * The security centre's two-step sign-in: add an authenticator app (QR code or key, then a code from
 * it; recovery codes shown once), SMS codes to the bound number, turning either off (with a code
 * while the authenticator is on) and new recovery codes.
 */
export function TwoFactorSection() {
  const { t } = useTranslation('member');
  const status = useTwoFactor();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<MemberTotpEnrolment>();
  const [code, setCode] = useState('');
  const [proof, setProof] = useState('');
  const [recoveryProof, setRecoveryProof] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const [busy, setBusy] = useState(false);
  const s = status.data;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: ['member', 'two-factor'] });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      showToast(error.message, { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      setEnrolment(await apiFetch<MemberTotpEnrolment>('/wps/member/2fa/totp', { method: 'POST' }));
      setCode('');
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const { recoveryCodes } = await apiFetch<{ recoveryCodes: string[] }>('/wps/member/2fa/totp/confirm', {
        method: 'POST',
        body: { code },
      });
      setEnrolment(undefined);
      setCodes(recoveryCodes);
      showToast(t('twoFactor.enabled'), { kind: 'success' });
    });
  };

  const proofBody = () =>
    s?.totpEnabled ? { proof: { method: recoveryProof ? 'recovery' : 'totp', code: proof.trim() } } : {};

  const change = (method: 'totp' | 'sms', enabled: boolean) =>
    run(async () => {
      await apiFetch('/wps/member/2fa', { method: 'PUT', body: { method, enabled, ...proofBody() } });
      setProof('');
      showToast(enabled ? t('twoFactor.enabled') : t('twoFactor.disabled'), { kind: 'success' });
    });

  const regenerate = () =>
    run(async () => {
      const { recoveryCodes } = await apiFetch<{ recoveryCodes: string[] }>(
        '/wps/member/2fa/recovery-codes',
        {
          method: 'POST',
          body: { code: proof.trim() },
        },
      );
      setProof('');
      setCodes(recoveryCodes);
    });

  return (
    <section className="mc-card mc-padded" id="two-factor" aria-labelledby="two-factor-title">
      <div className="mc-title-row">
        <h2 className="mc-card-title" id="two-factor-title">
          {t('twoFactor.title')}
        </h2>
        {s && (
          <span className={s.totpEnabled || s.smsEnabled ? 'mc-chip mc-chip-ok' : 'mc-chip mc-chip-none'}>
            {s.totpEnabled || s.smsEnabled ? t('twoFactor.on') : t('twoFactor.off')}
          </span>
        )}
      </div>
      <p className="mc-muted">{t('twoFactor.text')}</p>
      {s?.requiredForWithdrawal && <p className="mc-muted">{t('twoFactor.withdrawalRequired')}</p>}
      {!s ? (
        <div className="mc-skeleton" aria-hidden="true" />
      ) : codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
      ) : enrolment ? (
        <form className="form-stack tf-enrol" noValidate onSubmit={(e) => void confirm(e)}>
          <p className="mc-muted">{t('twoFactor.scan')}</p>
          <img className="tf-qr" src={enrolment.qrCode} alt={t('twoFactor.qrAlt')} width={180} height={180} />
          <p className="tf-key">
            <span className="mc-muted">{t('twoFactor.key')}</span>
            <code dir="ltr" data-totp-secret>
              {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
          <FormField id="totp-code" label={t('twoFactor.code')} required>
            <CodeInput id="totp-code" value={code} onChange={setCode} />
          </FormField>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || code.length !== 6}>
            {t('twoFactor.turnOn')}
          </button>
          <button type="button" className="btn btn-ghost btn-block" onClick={() => setEnrolment(undefined)}>
            {t('twoFactor.cancel')}
          </button>
        </form>
      ) : (
        <div className="form-stack">
          <div className="tf-row">
            <strong>{t('twoFactor.app')}</strong>
            {s.totpEnabled ? (
              <span className="mc-muted">{t('twoFactor.recoveryLeft', { count: s.recoveryCodesLeft })}</span>
            ) : (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={busy}
                onClick={() => void start()}
              >
                {t('twoFactor.addApp')}
              </button>
            )}
          </div>
          <div className="tf-row">
            <strong>{t('twoFactor.sms')}</strong>
            {s.mobileBound ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={busy || (s.totpEnabled && !proof.trim())}
                onClick={() => void change('sms', !s.smsEnabled)}
              >
                {s.smsEnabled ? t('twoFactor.turnOff') : t('twoFactor.turnOn')}
              </button>
            ) : (
              <span className="mc-muted">{t('twoFactor.smsNeedsMobile')}</span>
            )}
          </div>
          {s.totpEnabled && (
            <>
              <FormField
                id="two-factor-proof"
                label={recoveryProof ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
              >
                <CodeInput id="two-factor-proof" value={proof} onChange={setProof} recovery={recoveryProof} />
              </FormField>
              <label className="auth-check">
                <input
                  type="checkbox"
                  checked={recoveryProof}
                  onChange={(e) => {
                    setRecoveryProof(e.target.checked);
                    setProof('');
                  }}
                />
                {t('twoFactor.useRecovery')}
              </label>
              <div className="tf-actions">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy || !proof.trim()}
                  onClick={() => void change('totp', false)}
                >
                  {t('twoFactor.removeApp')}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy || recoveryProof || proof.length !== 6}
                  onClick={() => void regenerate()}
                >
                  {t('twoFactor.newRecovery')}
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}
