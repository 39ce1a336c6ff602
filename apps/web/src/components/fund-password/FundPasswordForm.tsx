import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { showToast } from '../../shell/toast.tsx';
import { FormField, invalidProps } from '../form/FormField.tsx';
import { PasswordInput } from '../form/PasswordInput.tsx';
import { SmsCodeInput } from '../form/SmsCodeInput.tsx';
import { useSmsCode } from '../form/use-sms-code.ts';
import { sendFundPasswordCode, useResetFundPassword, useSaveFundPassword } from './api.ts';

export type FundPasswordMode = 'set' | 'change' | 'forgot';

const MIN = 6;
const MAX = 20;

/** What is wrong with a new fund password and its confirmation, by field. */
export function fundPasswordErrors(
  next: string,
  confirm: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (next.length < MIN || next.length > MAX) errors.next = [t('fund.length', { min: MIN, max: MAX })];
  if (confirm !== next) errors.confirm = [t('fund.mismatch')];
  return errors;
}

/**
 * Sets, changes or recovers the fund password that every withdrawal asks for. Setting the first one
 * asks for the login password; a change asks for the old fund password; "forgot" sends an SMS code to
 * the bound phone. The server's field errors show under their fields.
 */
export function FundPasswordForm({ mode, onDone }: { mode: FundPasswordMode; onDone?: () => void }) {
  const { t } = useTranslation('pay');
  const [proof, setProof] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const save = useSaveFundPassword();
  const reset = useResetFundPassword();
  const sms = useSmsCode({ sending: t('fund.sending'), sent: t('fund.sent') });
  const local = touched ? fundPasswordErrors(next, confirm, t) : {};
  const errors = { ...serverErrors, ...local };
  const pending = save.isPending || reset.isPending;
  const proofName = mode === 'set' ? 'loginPassword' : 'oldFundPassword';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(fundPasswordErrors(next, confirm, t)).length) return;
    setServerErrors({});
    try {
      if (mode === 'forgot') await reset.mutateAsync({ verificationCode: code, newFundPassword: next });
      else
        await save.mutateAsync(
          mode === 'set'
            ? { newFundPassword: next, loginPassword: proof }
            : { newFundPassword: next, oldFundPassword: proof },
        );
      showToast(t('fund.saved'), { kind: 'success' });
      setProof('');
      setNext('');
      setConfirm('');
      setCode('');
      setTouched(false);
      onDone?.();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const byField: Record<string, string[]> = {};
      for (const [field, messages] of Object.entries(error.fields)) {
        const key = field === 'newFundPassword' ? 'next' : field === proofName ? 'proof' : field;
        byField[key] = messages;
      }
      setServerErrors(byField);
      if (!Object.keys(byField).length) showToast(error.message, { kind: 'error' });
    }
  };

  const fieldId = (name: string) => `fund-${mode}-${name}`;
  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
      {mode === 'forgot' ? (
        <FormField id="verificationCode" label={t('fund.code')} required errors={errors.verificationCode}>
          <SmsCodeInput
            value={code}
            onChange={setCode}
            onSend={() => void sms.send(sendFundPasswordCode)}
            seconds={sms.seconds}
            sending={sms.sending}
            placeholder={t('fund.codePlaceholder')}
            sendLabel={t('fund.sendCode')}
            countdownLabel={t('fund.resendIn', { seconds: sms.seconds })}
            invalid={Boolean(errors.verificationCode)}
          />
        </FormField>
      ) : (
        <FormField
          id={fieldId('proof')}
          label={mode === 'set' ? t('fund.loginPassword') : t('fund.oldFundPassword')}
          required
          errors={errors.proof}
        >
          <PasswordInput
            id={fieldId('proof')}
            name={proofName}
            autoComplete={mode === 'set' ? 'current-password' : 'off'}
            value={proof}
            maxLength={128}
            onChange={(e) => setProof(e.target.value)}
            {...invalidProps(fieldId('proof'), errors.proof)}
          />
        </FormField>
      )}
      <FormField id={fieldId('next')} label={t('fund.new')} required errors={errors.next}>
        <PasswordInput
          id={fieldId('next')}
          name="newFundPassword"
          autoComplete="new-password"
          value={next}
          maxLength={MAX}
          onChange={(e) => setNext(e.target.value)}
          {...invalidProps(fieldId('next'), errors.next)}
        />
      </FormField>
      <FormField id={fieldId('confirm')} label={t('fund.confirm')} required errors={errors.confirm}>
        <PasswordInput
          id={fieldId('confirm')}
          name="confirmFundPassword"
          autoComplete="new-password"
          value={confirm}
          maxLength={MAX}
          onChange={(e) => setConfirm(e.target.value)}
          {...invalidProps(fieldId('confirm'), errors.confirm)}
        />
      </FormField>
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={pending || !next || !confirm || (mode === 'forgot' ? !code : !proof)}
      >
        {mode === 'set' ? t('fund.set') : t('fund.save')}
      </button>
    </form>
  );
}
