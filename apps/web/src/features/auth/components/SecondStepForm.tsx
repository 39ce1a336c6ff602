import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField.tsx';
import { MethodTabs } from '../../../components/form/MethodTabs.tsx';
import { SmsCodeInput } from '../../../components/form/SmsCodeInput.tsx';
import { useSmsCode } from '../../../components/form/use-sms-code.ts';
import { ApiError } from '../../../lib/api.ts';
import { showToast } from '../../../shell/toast.tsx';
import type { LoginValue } from '../../../session/session-store.ts';
import { completeSecondStep, sendSecondStepSms, type LoginChallengeValue } from '../api/auth-calls.ts';

type Method = LoginChallengeValue['methods'][number];

/**
 * The second step of a sign-in (two-step sign-in on): a code from the authenticator app, an SMS code
 * sent to the bound number, or a recovery code. Five tries per challenge; then back to the password.
 */
export default function SecondStepForm({
  challenge,
  onBack,
  onSignedIn,
}: {
  challenge: LoginChallengeValue;
  onBack: () => void;
  onSignedIn: (value: LoginValue) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<Method>(challenge.methods[0] ?? 'totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const sms = useSmsCode({ sending: t('sms.sending'), sent: t('sms.sent') });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError([t('common:validation.required')]);
      document.getElementById('second-step-code')?.focus();
      return;
    }
    setBusy(true);
    try {
      const value = await completeSecondStep({ challenge: challenge.challenge, method, code: typed });
      await onSignedIn(value);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setCode('');
      showToast(e.message, { kind: 'error' });
      // A spent or expired challenge: the password again.
      if (e.code === 'TWO_FACTOR_CHALLENGE_INVALID') onBack();
    } finally {
      setBusy(false);
    }
  };

  const labels: Record<Method, string> = {
    totp: t('secondStep.totp'),
    sms: t('secondStep.sms'),
    recovery: t('secondStep.recovery'),
  };
  return (
    <section className="form-page" aria-labelledby="second-step-title">
      <h1 id="second-step-title" className="auth-title">
        {t('secondStep.title')}
      </h1>
      {challenge.methods.length > 1 && (
        <MethodTabs
          label={t('secondStep.title')}
          value={method}
          onChange={(next: Method) => {
            setMethod(next);
            setCode('');
            setError(undefined);
          }}
          options={challenge.methods.map((id) => ({ id, label: labels[id] }))}
        />
      )}
      <p className="auth-hint" data-second-step-hint>
        {method === 'totp'
          ? t('secondStep.totpText')
          : method === 'sms'
            ? t('secondStep.smsText', { mobile: challenge.mobileHint ?? '' })
            : t('secondStep.recoveryText')}
      </p>
      <form className="form-stack" noValidate onSubmit={(e) => void submit(e)}>
        <FormField
          id={method === 'sms' ? 'verificationCode' : 'second-step-code'}
          label={labels[method]}
          required
          errors={error}
        >
          {method === 'sms' ? (
            <SmsCodeInput
              value={code}
              onChange={setCode}
              onSend={() => void sms.send(() => sendSecondStepSms(challenge.challenge))}
              seconds={sms.seconds}
              sending={sms.sending}
              placeholder={t('placeholders.verificationCode')}
              sendLabel={t('sms.send')}
              countdownLabel={t('sms.countdown', { seconds: sms.seconds })}
            />
          ) : (
            <input
              id="second-step-code"
              name="code"
              className="auth-input"
              dir="ltr"
              inputMode={method === 'totp' ? 'numeric' : 'text'}
              autoComplete="one-time-code"
              autoCapitalize="none"
              maxLength={method === 'totp' ? 6 : 11}
              value={code}
              onChange={(e) =>
                setCode(method === 'totp' ? e.target.value.replace(/\D/g, '').slice(0, 6) : e.target.value)
              }
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('login.submit')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onBack}>
          {t('secondStep.back')}
        </button>
      </form>
    </section>
  );
}
