import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RESET_TOKEN } from '@playhouse/contract/password-rules';
import { ApiError } from '../../lib/api.ts';
import { TOAST_MS } from '../../lib/timing.ts';
import { Icon } from '../../shell/Icon.tsx';
import { hideToast, showToast } from '../../shell/toast.tsx';
import { useSiteStatus } from '../../status/site-status.ts';
import { useCaptcha } from '../auth/api/use-captcha.ts';
import { CaptchaField } from '../auth/components/CaptchaField.tsx';
import {
  requestEmailReset,
  resetWithToken,
  sendResetCode,
  setPasswordByPhone,
  startSession,
  useCountries,
} from './api.ts';
import { Field } from './Field.tsx';
import { useCountdown } from './use-countdown.ts';
import {
  checkConfirmation,
  checkEmail,
  checkMobile,
  checkNewPassword,
  checkSmsCode,
  checkUsername,
  DEFAULT_RULE,
  type Problem,
} from './validation.ts';
import '../auth/auth.css';
import './password.css';

/** Spec §9: success notices of the forgot and change password screens last 1 s. */
const SUCCESS_MS = 1000;
/** Spec §9: set-password shows its loading notice up to 15 s and its success 1.5 s. */
const SET_PASSWORD_LOADING_MS = 15_000;

type Touched<K extends string> = Partial<Record<K, boolean>>;

function usePasswordRule() {
  return useSiteStatus()?.info.register.password ?? DEFAULT_RULE;
}

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

function EmailForm() {
  const { t } = useTranslation('member');
  const back = useBackOnePage();
  const [values, setValues] = useState({ username: '', email: '' });
  const [touched, setTouched] = useState<Touched<'username' | 'email'>>({});
  const [busy, setBusy] = useState(false);
  const problems = { username: checkUsername(values.username), email: checkEmail(values.email) };
  const valid = !problems.username && !problems.email;
  const show = (k: 'username' | 'email') => (touched[k] ? problems[k] : undefined);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched({ username: true, email: true });
    if (!valid || busy) return;
    setBusy(true);
    const loading = showToast(t('forget.pleaseWait'), { kind: 'loading', durationMs: TOAST_MS.loadingLong });
    try {
      await requestEmailReset(values.username, values.email);
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
    <form className="pw-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="pw-intro">{t('forget.emailIntro')}</p>
      <Field
        id="username"
        label={t('fields.username')}
        placeholder={t('placeholders.username')}
        autoComplete="username"
        maxLength={64}
        value={values.username}
        onChange={(username) => setValues((v) => ({ ...v, username }))}
        onBlur={() => setTouched((s) => ({ ...s, username: true }))}
        problem={show('username')}
      />
      <Field
        id="email"
        type="email"
        inputMode="email"
        label={t('fields.email')}
        placeholder={t('placeholders.email')}
        autoComplete="email"
        maxLength={254}
        value={values.email}
        onChange={(email) => setValues((v) => ({ ...v, email }))}
        onBlur={() => setTouched((s) => ({ ...s, email: true }))}
        problem={show('email')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!valid || busy}>
        {t('forget.retrieve')}
      </button>
    </form>
  );
}

type PhoneKey = 'mobileNum' | 'verificationCode' | 'newPassword';

function PhoneForm() {
  const { t } = useTranslation('member');
  const navigate = useNavigate();
  const rule = usePasswordRule();
  const countries = useCountries();
  const [dialingCode, setDialingCode] = useState('+63');
  const [values, setValues] = useState<Record<PhoneKey, string>>({
    mobileNum: '',
    verificationCode: '',
    newPassword: '',
  });
  const [touched, setTouched] = useState<Touched<PhoneKey>>({});
  const [expiresAt, setExpiresAt] = useState<number>();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  // The server asks for a captcha once a client has requested many codes.
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const human = useCaptcha(needCaptcha);
  const seconds = useCountdown(expiresAt);
  const problems: Record<PhoneKey, Problem | undefined> = {
    mobileNum: checkMobile(values.mobileNum),
    verificationCode: checkSmsCode(values.verificationCode),
    newPassword: checkNewPassword(values.newPassword, rule),
  };
  const anyTouched = Object.values(touched).some(Boolean);
  const valid = Object.values(problems).every((p) => !p);
  const show = (k: PhoneKey) => (touched[k] ? problems[k] : undefined);
  const set = (k: PhoneKey) => (value: string) => {
    setValues((v) => ({ ...v, [k]: value }));
    setTouched((s) => ({ ...s, [k]: true }));
  };

  const sendCode = async () => {
    // A mobile number is validated before a code is requested (spec §5).
    setTouched((s) => ({ ...s, mobileNum: true }));
    if (problems.mobileNum || sending || seconds > 0) return;
    setSending(true);
    const loading = showToast(t('forget.pleaseWait'), { kind: 'loading', durationMs: TOAST_MS.loadingLong });
    try {
      const sent = await sendResetCode(
        dialingCode,
        values.mobileNum.trim(),
        needCaptcha && human.challenge ? { captcha, captchaKey: human.challenge.captchaKey } : undefined,
      );
      hideToast(loading);
      setExpiresAt(sent.expirationTime);
      showToast(t('forget.codeSent'), { kind: 'success', durationMs: TOAST_MS.success });
    } catch (error) {
      // A send failure only hides the loading notice and starts no countdown (spec §4), plus the reason.
      hideToast(loading);
      showToast(errorMessage(error, t('forget.unavailable')), { kind: 'error' });
      if (
        error instanceof ApiError &&
        (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID')
      ) {
        setCaptcha('');
        if (needCaptcha) human.refresh();
        setNeedCaptcha(true);
      }
    } finally {
      setSending(false);
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched({ mobileNum: true, verificationCode: true, newPassword: true });
    if (!valid || busy) return;
    setBusy(true);
    const loading = showToast(t('forget.pleaseWait'), {
      kind: 'loading',
      durationMs: SET_PASSWORD_LOADING_MS,
    });
    try {
      const session = await setPasswordByPhone({
        countryDialingCode: dialingCode,
        mobileNum: values.mobileNum.trim(),
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
      });
      hideToast(loading);
      startSession(session);
      showToast(t('forget.signedIn'), { kind: 'success', durationMs: TOAST_MS.success });
      void navigate('/m/home', { replace: true });
    } catch (error) {
      hideToast(loading);
      showToast(errorMessage(error, t('forget.unavailable')), { kind: 'error' });
      // Spec §8: "same as old" clears the password; any other failure clears the code.
      const field: PhoneKey =
        error instanceof ApiError && error.code === 'PASSWORD_UNCHANGED' ? 'newPassword' : 'verificationCode';
      setValues((v) => ({ ...v, [field]: '' }));
      setBusy(false);
    }
  };

  return (
    <form className="pw-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="pw-intro">{t('forget.phoneIntro')}</p>
      <Field
        id="mobileNum"
        type="tel"
        inputMode="tel"
        label={t('fields.mobileNum')}
        placeholder={t('placeholders.mobileNum')}
        autoComplete="tel-national"
        maxLength={20}
        value={values.mobileNum}
        onChange={set('mobileNum')}
        problem={show('mobileNum')}
        before={
          <span className="pw-dial">
            <span aria-hidden="true">{dialingCode}</span>
            <Icon name="chevron" size={14} className="rot-90" />
            <select
              aria-label={t('fields.countryDialingCode')}
              value={dialingCode}
              onChange={(e) => setDialingCode(e.target.value)}
            >
              {(countries.data ?? [{ code: 'PH', name: 'Philippines', dialingCode: '+63' }]).map((c) => (
                <option key={c.code} value={c.dialingCode}>
                  {c.name} ({c.dialingCode})
                </option>
              ))}
            </select>
          </span>
        }
      />
      {needCaptcha && (
        <CaptchaField
          value={captcha}
          onChange={setCaptcha}
          challenge={human.challenge}
          onRefresh={human.refresh}
        />
      )}
      <Field
        id="verificationCode"
        inputMode="numeric"
        label={t('fields.verificationCode')}
        placeholder={t('placeholders.verificationCode')}
        autoComplete="one-time-code"
        maxLength={10}
        value={values.verificationCode}
        onChange={set('verificationCode')}
        problem={show('verificationCode')}
        after={
          <button
            type="button"
            className="btn btn-ghost btn-sm pw-send"
            disabled={sending || seconds > 0}
            onClick={() => void sendCode()}
          >
            {seconds > 0 ? t('forget.resend', { seconds }) : t('forget.sendCode')}
          </button>
        }
      />
      <Field
        id="newPassword"
        type="password"
        label={t('fields.newPassword')}
        placeholder={t('placeholders.newPassword')}
        autoComplete="new-password"
        maxLength={rule.maxLength}
        value={values.newPassword}
        onChange={set('newPassword')}
        problem={show('newPassword')}
      />
      <p className="pw-hint">{t('password.rule', { min: rule.minLength, max: rule.maxLength })}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!anyTouched || !valid || busy}>
        {t('forget.submit')}
      </button>
    </form>
  );
}

type ResetKey = 'token' | 'newPassword' | 'confirmNewPassword';

/** Finishes an e-mailed reset: the link's token (or the code pasted from the mail) and a new password. */
function ResetForm({ initialToken, onRestart }: { initialToken: string; onRestart: () => void }) {
  const { t } = useTranslation('member');
  const navigate = useNavigate();
  const rule = usePasswordRule();
  const [values, setValues] = useState<Record<ResetKey, string>>({
    token: initialToken,
    newPassword: '',
    confirmNewPassword: '',
  });
  const [touched, setTouched] = useState<Touched<ResetKey>>({});
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);
  const problems: Record<ResetKey, Problem | undefined> = {
    token: RESET_TOKEN.test(values.token.trim()) ? undefined : { key: 'required' },
    newPassword: checkNewPassword(values.newPassword, rule),
    confirmNewPassword: checkConfirmation(values.confirmNewPassword, values.newPassword),
  };
  const valid = Object.values(problems).every((p) => !p);
  const show = (k: ResetKey) => (touched[k] ? problems[k] : undefined);
  const set = (k: ResetKey) => (value: string) => {
    setValues((v) => ({ ...v, [k]: value }));
    setTouched((s) => ({ ...s, [k]: true }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched({ token: true, newPassword: true, confirmNewPassword: true });
    if (!valid || busy) return;
    setBusy(true);
    const loading = showToast(t('forget.pleaseWait'), {
      kind: 'loading',
      durationMs: SET_PASSWORD_LOADING_MS,
    });
    try {
      const session = await resetWithToken(values.token, values.newPassword, values.confirmNewPassword);
      hideToast(loading);
      startSession(session);
      showToast(t('forget.signedIn'), { kind: 'success', durationMs: TOAST_MS.success });
      void navigate('/m/home', { replace: true });
    } catch (error) {
      hideToast(loading);
      showToast(errorMessage(error, t('forget.unavailable')), { kind: 'error' });
      if (error instanceof ApiError && error.code === 'RESET_TOKEN_INVALID') setExpired(true);
      setBusy(false);
    }
  };

  return (
    <form className="pw-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="pw-title">{t('forget.resetTitle')}</h2>
      <p className="pw-intro">{t('forget.resetIntro')}</p>
      {!initialToken && (
        <Field
          id="token"
          label={t('fields.resetCode')}
          placeholder={t('placeholders.resetCode')}
          autoComplete="off"
          maxLength={64}
          value={values.token}
          onChange={set('token')}
          problem={show('token')}
        />
      )}
      <Field
        id="newPassword"
        type="password"
        label={t('fields.newPassword')}
        placeholder={t('placeholders.newPassword')}
        autoComplete="new-password"
        maxLength={rule.maxLength}
        value={values.newPassword}
        onChange={set('newPassword')}
        problem={show('newPassword')}
      />
      <Field
        id="confirmNewPassword"
        type="password"
        label={t('fields.confirmNewPassword')}
        placeholder={t('placeholders.confirmNewPassword')}
        autoComplete="new-password"
        maxLength={rule.maxLength}
        value={values.confirmNewPassword}
        onChange={set('confirmNewPassword')}
        problem={show('confirmNewPassword')}
      />
      <p className="pw-hint">{t('password.rule', { min: rule.minLength, max: rule.maxLength })}</p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!valid || busy}>
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
      <section className="pw-page">
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
      <section className="pw-page">
        <p className="pw-intro">{t('forget.unavailable')}</p>
      </section>
    );
  }
  return (
    <section className="pw-page">
      {byPhone && byEmail && (
        <div className="pw-tabs" role="tablist" aria-label={t('forget.methods')}>
          {(['phone', 'email'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={current === m}
              className={current === m ? 'active' : ''}
              onClick={() => setMethod(m)}
            >
              {m === 'phone' ? t('forget.byPhone') : t('forget.byEmail')}
            </button>
          ))}
        </div>
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
