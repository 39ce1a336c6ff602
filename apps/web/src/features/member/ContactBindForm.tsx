import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactBindRequest, ContactCodeRequest, ContactStatus } from '@playhouse/contract/payments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, invalidProps } from '../../components/form/FormField.tsx';
import { MobileInput } from '../../components/form/MobileInput.tsx';
import { PasswordInput } from '../../components/form/PasswordInput.tsx';
import { SmsCodeInput } from '../../components/form/SmsCodeInput.tsx';
import { useSmsCode } from '../../components/form/use-sms-code.ts';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { showToast } from '../../shell/toast.tsx';

const sendCode = (body: ContactCodeRequest) =>
  apiFetch<{ expirationTime: number; codeExpiresAt: number }>('/wps/member/contact/code', {
    method: 'POST',
    body,
  });

/**
 * Binds a phone number or an e-mail address: the new address, a code sent to it, and (when one is
 * bound already) the login password. The server's errors (wrong or expired code, an address another
 * account has) show under their fields.
 */
export function ContactBindForm({
  kind,
  replacing,
  onDone,
}: {
  kind: 'phone' | 'email';
  replacing: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('pay');
  const queryClient = useQueryClient();
  const [dialingCode, setDialingCode] = useState('+63');
  const [mobileNum, setMobileNum] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const sms = useSmsCode({
    sending: t('security.bind.sending'),
    sent: kind === 'phone' ? t('security.bind.sentPhone') : t('security.bind.sentEmail'),
  });
  const bind = useMutation({
    mutationFn: (body: ContactBindRequest) =>
      apiFetch<ContactStatus>('/wps/member/contact/bind', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
  const target: ContactCodeRequest =
    kind === 'phone' ? { kind, countryDialingCode: dialingCode, mobileNum } : { kind, email: email.trim() };
  const hasAddress = kind === 'phone' ? mobileNum.length >= 4 : /.+@.+\..+/.test(email);

  const fieldErrors = (error: ApiError) => {
    const byField: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.fields)) byField[field] = messages;
    if (error.code === 'MOBILE_TAKEN' || error.code === 'EMAIL_TAKEN')
      byField[kind === 'phone' ? 'mobileNum' : 'email'] = [error.message];
    setErrors(byField);
    if (!Object.keys(byField).length) showToast(error.message, { kind: 'error' });
  };

  const requestCode = async () => {
    setErrors({});
    const sent = await sms.send(() => sendCode(target));
    if (!sent.ok && sent.error) fieldErrors(sent.error);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await bind.mutateAsync({
        ...target,
        verificationCode: code,
        ...(replacing ? { loginPassword: password } : {}),
      });
      showToast(kind === 'phone' ? t('security.bind.phoneBound') : t('security.bind.emailBound'), {
        kind: 'success',
      });
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      fieldErrors(error);
    }
  };

  const id = (name: string) => `bind-${kind}-${name}`;
  return (
    <form className="form-stack mc-bind" onSubmit={(e) => void submit(e)} noValidate>
      {kind === 'phone' ? (
        <FormField id="mobileNum" label={t('security.bind.newPhone')} required errors={errors.mobileNum}>
          <MobileInput
            dialingCode={dialingCode}
            onDialingCode={setDialingCode}
            value={mobileNum}
            onChange={setMobileNum}
            placeholder={t('security.bind.phonePlaceholder')}
            invalid={Boolean(errors.mobileNum)}
          />
        </FormField>
      ) : (
        <FormField id={id('email')} label={t('security.bind.newEmail')} required errors={errors.email}>
          <input
            id={id('email')}
            name="email"
            type="email"
            dir="ltr"
            className="auth-input"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...invalidProps(id('email'), errors.email)}
          />
        </FormField>
      )}
      <FormField
        id="verificationCode"
        label={t('security.bind.code')}
        required
        errors={errors.verificationCode}
      >
        <SmsCodeInput
          value={code}
          onChange={setCode}
          onSend={() => void (hasAddress ? requestCode() : undefined)}
          seconds={sms.seconds}
          sending={sms.sending || !hasAddress}
          placeholder={t('security.bind.codePlaceholder')}
          sendLabel={t('security.bind.sendCode')}
          countdownLabel={t('security.bind.resendIn', { seconds: sms.seconds })}
          invalid={Boolean(errors.verificationCode)}
        />
      </FormField>
      {replacing && (
        <FormField
          id={id('password')}
          label={t('security.bind.loginPassword')}
          required
          errors={errors.loginPassword}
        >
          <PasswordInput
            id={id('password')}
            name="loginPassword"
            autoComplete="current-password"
            value={password}
            maxLength={128}
            onChange={(e) => setPassword(e.target.value)}
            {...invalidProps(id('password'), errors.loginPassword)}
          />
        </FormField>
      )}
      <div className="mc-bind-actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('security.bind.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={bind.isPending || !hasAddress || code.length < 4 || (replacing && !password)}
        >
          {t('security.bind.submit')}
        </button>
      </div>
    </form>
  );
}
