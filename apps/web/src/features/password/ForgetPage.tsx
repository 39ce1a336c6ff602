import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RESET_TOKEN } from '@playhouse/contract/password-rules';
import { CaptchaField } from '../../components/form/CaptchaField.tsx';
import { FormField } from '../../components/form/FormField.tsx';
import { MethodTabs } from '../../components/form/MethodTabs.tsx';
import { MobileInput } from '../../components/form/MobileInput.tsx';
import { SmsCodeInput } from '../../components/form/SmsCodeInput.tsx';
import { useCaptcha } from '../../components/form/use-captcha.ts';
import { useSmsCode } from '../../components/form/use-sms-code.ts';
import { ApiError } from '../../lib/api.ts';
import { TOAST_MS } from '../../lib/timing.ts';
import { hideToast, showToast } from '../../shell/toast.tsx';
import { useSiteStatus } from '../../status/site-status.ts';
import type { LoginValue } from '../../session/session-store.ts';
import { requestEmailReset, resetWithToken, sendResetCode, setPasswordByPhone, startSession } from './api.ts';
import { NewPasswordFields, TextField, usePasswordRule, useProblemText } from './PasswordFields.tsx';
import { useFormState } from './use-form-state.ts';
import {
  checkConfirmation,
  checkEmail,
  checkMobile,
  checkNewPassword,
  checkSmsCode,
  checkUsername,
} from './validation.ts';
import './password.css';

/** Spec §9: success notices of the forgot and change password screens last 1 s. */
const SUCCESS_MS = 1000;
/** Spec §9: set-password shows its loading notice up to 15 s and its success 1.5 s. */
const SET_PASSWORD_LOADING_MS = 15_000;

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** Back one page (spec: after an e-mailed reset request), or to login when the visit started here. */
function useBackOnePage() {
  const navigate = useNavigate();
  return () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx) void navigate(-1);
    else void navigate('/m/login', { replace: true });
  };
}

/**
 * Sets the new password (by SMS code or reset token): a success opens the session it answers and goes
 * home; a failure shows the reason and hands the error to `onFailure` (spec §9).
 */
function useSetPassword(onFailure: (error: unknown) => void) {
  const { t } = useTranslation('member');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async (request: () => Promise<LoginValue>) => {
    if (busy) return;
    setBusy(true);
    const loading = showToast(t('forget.pleaseWait'), {
      kind: 'loading',
      durationMs: SET_PASSWORD_LOADING_MS,
    });
    try {
      const session = await request();
      hideToast(loading);
      startSession(session);
      showToast(t('forget.signedIn'), { kind: 'success', durationMs: TOAST_MS.success });
      void navigate('/m/home', { replace: true });
    } catch (error) {
      hideToast(loading);
      showToast(errorMessage(error, t('forget.unavailable')), { kind: 'error' });
      onFailure(error);
      setBusy(false);
    }
  };
  return { busy, run };
}

function EmailForm() {
  const { t } = useTranslation('member');
  const back = useBackOnePage();
  const form = useFormState({ username: '', email: '' }, (v) => ({
    username: checkUsername(v.username),
    email: checkEmail(v.email),
  }));
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.valid || busy) return;
    setBusy(true);
    const loading = showToast(t('forget.pleaseWait'), { kind: 'loading', durationMs: TOAST_MS.loadingLong });
    try {
      await requestEmailReset(form.values.username, form.values.email);
      hideToast(loading);
      showToast(t('forget.emailSent'), { kind: 'success', durationMs: SUCCESS_MS });
      window.setTimeout(back, SUCCESS_MS);
    } catch (error) {
      hideToast(loading);
      showToast(errorMessage(error, t('forget.unavailable')), { kind: 'error' });
      setBusy(false);
    }
  };

  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
      <p className="pw-intro">{t('forget.emailIntro')}</p>
      <TextField
        id="username"
        label={t('fields.username')}
        placeholder={t('placeholders.username')}
        autoComplete="username"
        maxLength={64}
        value={form.values.username}
        onChange={form.change('username')}
        onBlur={() => form.touch('username')}
        problem={form.show('username')}
      />
      <TextField
        id="email"
        type="email"
        inputMode="email"
        label={t('fields.email')}
        placeholder={t('placeholders.email')}
        autoComplete="email"
        maxLength={254}
        value={form.values.email}
        onChange={form.change('email')}
        onBlur={() => form.touch('email')}
        problem={form.show('email')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!form.valid || busy}>
        {t('forget.retrieve')}
      </button>
    </form>
  );
}

function PhoneForm() {
  const { t } = useTranslation('member');
  const rule = usePasswordRule();
  const problemText = useProblemText();
  const [dialingCode, setDialingCode] = useState('+63');
  const form = useFormState({ mobileNum: '', verificationCode: '', newPassword: '' }, (v) => ({
    mobileNum: checkMobile(v.mobileNum),
    verificationCode: checkSmsCode(v.verificationCode),
    newPassword: checkNewPassword(v.newPassword, rule),
  }));
  // Spec §8: "same as old" clears the password; any other failure clears the code.
  const setPassword = useSetPassword((error) =>
    form.change(
      error instanceof ApiError && error.code === 'PASSWORD_UNCHANGED' ? 'newPassword' : 'verificationCode',
    )(''),
  );
  // The server asks for a captcha once a client has requested many codes.
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const human = useCaptcha(needCaptcha);
  const sms = useSmsCode({
    sending: t('forget.pleaseWait'),
    sent: t('forget.codeSent'),
    failed: t('forget.unavailable'),
  });

  const sendCode = async () => {
    // A mobile number is validated before a code is requested (spec §5).
    form.touch('mobileNum');
    if (form.problems.mobileNum) return;
    const result = await sms.send(() =>
      sendResetCode(
        dialingCode,
        form.values.mobileNum.trim(),
        needCaptcha && human.challenge ? { captcha, captchaKey: human.challenge.captchaKey } : undefined,
      ),
    );
    const code = !result.ok && result.error?.code;
    if (code === 'CAPTCHA_REQUIRED' || code === 'CAPTCHA_INVALID') {
      setCaptcha('');
      if (needCaptcha) human.refresh();
      setNeedCaptcha(true);
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (form.valid)
      void setPassword.run(() =>
        setPasswordByPhone({
          countryDialingCode: dialingCode,
          mobileNum: form.values.mobileNum.trim(),
          verificationCode: form.values.verificationCode.trim(),
          newPassword: form.values.newPassword,
        }),
      );
  };

  const mobileErrors = problemText(form.show('mobileNum'));
  const codeErrors = problemText(form.show('verificationCode'));
  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
      <p className="pw-intro">{t('forget.phoneIntro')}</p>
      <FormField id="mobileNum" label={t('fields.mobileNum')} errors={mobileErrors}>
        <MobileInput
          dialingCode={dialingCode}
          onDialingCode={setDialingCode}
          value={form.values.mobileNum}
          onChange={form.set('mobileNum')}
          placeholder={t('placeholders.mobileNum')}
          invalid={Boolean(mobileErrors)}
        />
      </FormField>
      {needCaptcha && (
        <CaptchaField
          value={captcha}
          onChange={setCaptcha}
          challenge={human.challenge}
          onRefresh={human.refresh}
        />
      )}
      <FormField id="verificationCode" label={t('fields.verificationCode')} errors={codeErrors}>
        <SmsCodeInput
          value={form.values.verificationCode}
          onChange={form.set('verificationCode')}
          onSend={() => void sendCode()}
          seconds={sms.seconds}
          sending={sms.sending}
          placeholder={t('placeholders.verificationCode')}
          sendLabel={t('forget.sendCode')}
          countdownLabel={t('forget.resend', { seconds: sms.seconds })}
          invalid={Boolean(codeErrors)}
        />
      </FormField>
      <NewPasswordFields rule={rule} newPassword={form.field('newPassword')} />
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={!form.anyTouched || !form.valid || setPassword.busy}
      >
        {t('forget.submit')}
      </button>
    </form>
  );
}

/** Finishes an e-mailed reset: the link's token (or the code pasted from the mail) and a new password. */
function ResetForm({ initialToken, onRestart }: { initialToken: string; onRestart: () => void }) {
  const { t } = useTranslation('member');
  const rule = usePasswordRule();
  const form = useFormState({ token: initialToken, newPassword: '', confirmNewPassword: '' }, (v) => ({
    token: RESET_TOKEN.test(v.token.trim()) ? undefined : { key: 'required' },
    newPassword: checkNewPassword(v.newPassword, rule),
    confirmNewPassword: checkConfirmation(v.confirmNewPassword, v.newPassword),
  }));
  const [expired, setExpired] = useState(false);
  const setPassword = useSetPassword((error) => {
    if (error instanceof ApiError && error.code === 'RESET_TOKEN_INVALID') setExpired(true);
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.valid) return;
    const { token, newPassword, confirmNewPassword } = form.values;
    void setPassword.run(() => resetWithToken(token, newPassword, confirmNewPassword));
  };

  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="pw-title">{t('forget.resetTitle')}</h2>
      <p className="pw-intro">{t('forget.resetIntro')}</p>
      {!initialToken && (
        <TextField
          id="token"
          label={t('fields.resetCode')}
          placeholder={t('placeholders.resetCode')}
          autoComplete="off"
          maxLength={64}
          {...form.field('token')}
        />
      )}
      <NewPasswordFields
        rule={rule}
        newPassword={form.field('newPassword')}
        confirmation={form.field('confirmNewPassword')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!form.valid || setPassword.busy}>
        {t('forget.submit')}
      </button>
      {expired && (
        <button type="button" className="btn btn-ghost btn-block" onClick={onRestart}>
          {t('forget.requestNew')}
        </button>
      )}
    </form>
  );
}

/** /m/forget: recover a password by phone (default when PSWPHONE3 is on) or by e-mail; finish a reset link. */
export default function ForgetPage() {
  const { t } = useTranslation('member');
  const [params, setParams] = useSearchParams();
  const whitelabel = useSiteStatus()?.info.whitelabel;
  const byPhone = whitelabel?.PSWPHONE3 ?? false;
  const byEmail = whitelabel?.PSWMAIL3 ?? true;
  const [method, setMethod] = useState<'phone' | 'email' | undefined>();
  const [withCode, setWithCode] = useState(false);
  const token = params.get('token') ?? '';
  const current = method ?? (byPhone ? 'phone' : 'email');

  if (token || withCode) {
    return (
      <section className="form-page">
        <ResetForm
          initialToken={token}
          onRestart={() => {
            setWithCode(false);
            setMethod('email');
            setParams({}, { replace: true });
          }}
        />
      </section>
    );
  }
  if (!byPhone && !byEmail) {
    return (
      <section className="form-page">
        <p className="pw-intro">{t('forget.unavailable')}</p>
      </section>
    );
  }
  return (
    <section className="form-page">
      {byPhone && byEmail && (
        <MethodTabs
          label={t('forget.methods')}
          value={current}
          onChange={setMethod}
          options={[
            { id: 'phone', label: t('forget.byPhone') },
            { id: 'email', label: t('forget.byEmail') },
          ]}
        />
      )}
      {current === 'phone' && byPhone ? <PhoneForm /> : <EmailForm />}
      {current === 'email' && byEmail && (
        <button type="button" className="pw-link" onClick={() => setWithCode(true)}>
          {t('forget.haveCode')}
        </button>
      )}
    </section>
  );
}
