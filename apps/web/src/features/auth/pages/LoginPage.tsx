import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { CredentialError } from '../../../lib/credential-encryption.ts';
import { TOAST_MS } from '../../../lib/timing.ts';
import { useShell } from '../../../shell/shell-state.tsx';
import { hideToast, showToast } from '../../../shell/toast.tsx';
import { useSiteStatus } from '../../../status/site-status.ts';
import {
  createTrial,
  isChallenge,
  login,
  sendSmsCode,
  type LoginChallengeValue,
  type LoginPayload,
} from '../api/auth-calls.ts';
import { useCaptcha } from '../../../components/form/use-captcha.ts';
import { useSmsCode } from '../../../components/form/use-sms-code.ts';
import { CaptchaField } from '../../../components/form/CaptchaField.tsx';
import { FormField } from '../../../components/form/FormField.tsx';
import { MethodTabs } from '../../../components/form/MethodTabs.tsx';
import { MobileInput } from '../../../components/form/MobileInput.tsx';
import { PasswordInput } from '../../../components/form/PasswordInput.tsx';
import { SmsCodeInput } from '../../../components/form/SmsCodeInput.tsx';
import { SocialButtons } from '../components/SocialButtons.tsx';
import { useSocialReturn } from '../api/use-social-return.ts';
import { focusFirstInvalid, type FieldErrors } from '../form-rules.ts';
import {
  readRemembered,
  storeSession,
  writeRemembered,
  type LoginValue,
} from '../../../session/session-store.ts';
import '../auth.css';

type Method = 'username' | 'sms';
// Only members with two-step sign-in on ever see it: its own chunk.
const SecondStepForm = lazy(() => import('../components/SecondStepForm.tsx'));
const DEFAULT_DIALING = '+63';

/** Sign-in by username and password, or by mobile number and SMS code (spec §2 Login). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { open } = useShell();
  const flags = useSiteStatus()?.info.whitelabel;
  const smsLogin = Boolean(flags?.REGMOBVERF3);
  const remembered = readRemembered();
  // The agent centre's sign-in (`/m/login?agent=1`): agents only, back to the centre after it.
  const [search] = useSearchParams();
  const agentOnly = search.get('agent') === '1';

  const [method, setMethod] = useState<Method>(remembered?.type === 'sms' && smsLogin ? 'sms' : 'username');
  const [username, setUsername] = useState(remembered?.username ?? '');
  const [password, setPassword] = useState('');
  const [dialing, setDialing] = useState(remembered?.countryDialingCode ?? DEFAULT_DIALING);
  const [mobile, setMobile] = useState(remembered?.mobileNum ?? '');
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [remember, setRemember] = useState(Boolean(remembered));
  const [captchaShown, setCaptchaShown] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [secondStep, setSecondStep] = useState<LoginChallengeValue | undefined>();
  const { challenge, refresh } = useCaptcha(captchaShown);
  const sms = useSmsCode({ sending: t('sms.sending'), sent: t('sms.sent') });

  const switchMethod = (next: Method) => {
    setMethod(next);
    setErrors({});
    // The remembered details of that method come back, and a shown captcha is renewed.
    const r = readRemembered();
    if (next === 'username' && r?.username) setUsername(r.username);
    if (next === 'sms' && r?.mobileNum) {
      setMobile(r.mobileNum);
      setDialing(r.countryDialingCode ?? DEFAULT_DIALING);
    }
    if (captchaShown) {
      setCaptcha('');
      refresh();
    }
  };

  const required = t('common:validation.required');
  const validate = (): FieldErrors => {
    const e: FieldErrors = {};
    if (method === 'username') {
      if (!username.trim()) e.username = [required];
      if (!password) e.password = [required];
    } else {
      if (!mobile) e.mobileNum = [required];
      if (!code) e.verificationCode = [required];
    }
    if (captchaShown && !captcha) e.captcha = [t('common:validation.captchaRequired')];
    return e;
  };

  const finish = async (value: LoginValue, keep: boolean) => {
    storeSession(value, keep);
    await queryClient.invalidateQueries({ queryKey: ['member'] });
    if (value.firstTimeLogin) {
      showToast(t('login.firstTime'), { kind: 'info', durationMs: TOAST_MS.long });
      navigate('/m/changePsw', { replace: true });
    } else {
      navigate(agentOnly ? '/m/agent/home' : '/m/home', { replace: true });
    }
  };
  // Back from Google, Facebook, OpenID or Telegram: sign in like a normal (not remembered) login.
  useSocialReturn((value) => finish(value, false));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid(['username', 'mobileNum', 'password', 'verificationCode', 'captcha'], found);
      return;
    }
    const human = captchaShown && challenge ? { captcha, captchaKey: challenge.captchaKey } : {};
    const payload: LoginPayload =
      method === 'username'
        ? {
            type: 'username',
            username: username.trim(),
            password,
            rememberMe: remember,
            ...(agentOnly ? { agentOnly } : {}),
            ...human,
          }
        : {
            type: 'sms',
            countryDialingCode: dialing,
            mobileNum: mobile,
            verificationCode: code,
            rememberMe: remember,
            ...(agentOnly ? { agentOnly } : {}),
            ...human,
          };
    setBusy(true);
    const toast = showToast(t('login.loading'), { kind: 'loading', durationMs: TOAST_MS.loadingList });
    try {
      const answer = await login(payload);
      hideToast(toast);
      if (isChallenge(answer)) {
        setPassword('');
        setSecondStep(answer);
        return;
      }
      const value = answer;
      writeRemembered(
        remember
          ? method === 'username'
            ? { type: 'username', username: value.userName }
            : { type: 'sms', countryDialingCode: dialing, mobileNum: mobile }
          : undefined,
      );
      await finish(value, remember);
    } catch (error) {
      hideToast(toast);
      if (!(error instanceof ApiError)) throw error;
      // The server asks for a captcha (now or from the next attempt): it shows at once, fresh, and
      // what the member typed stays. Only a password the server judged wrong is cleared.
      const needsCaptcha = error instanceof CredentialError && error.captchaRequired;
      if (needsCaptcha) {
        setCaptcha('');
        if (captchaShown) refresh();
        setCaptchaShown(true);
      }
      if (error.code === 'INVALID_CREDENTIALS') setPassword('');
      setErrors(error.fields);
      showToast(error.message, { kind: 'error' });
      // After the captcha has rendered: the field that needs the member next.
      const next = error.code.startsWith('CAPTCHA') ? 'captcha' : method === 'username' ? 'password' : '';
      if (next) requestAnimationFrame(() => document.getElementById(next)?.focus());
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    if (!mobile) {
      setErrors({ mobileNum: [t('common:validation.mobileInvalid')] });
      document.getElementById('mobileNum')?.focus();
      return;
    }
    const human =
      captchaShown && captcha && challenge ? { captcha, captchaKey: challenge.captchaKey } : undefined;
    const result = await sms.send(() => sendSmsCode('noLogin', dialing, mobile, human));
    if (!result.ok && result.error) {
      setErrors(result.error.fields);
      if (result.error.code.startsWith('CAPTCHA')) {
        setCaptcha('');
        if (captchaShown) refresh();
        setCaptchaShown(true);
      }
    }
  };

  const tryFree = async () => {
    const toast = showToast(t('login.loading'), { kind: 'loading', durationMs: TOAST_MS.loadingList });
    try {
      const value = await createTrial();
      hideToast(toast);
      await finish(value, false);
    } catch (error) {
      hideToast(toast);
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
    }
  };

  const forgotShown = Boolean(flags?.PSWMAIL3 || flags?.PSWPHONE3);

  if (secondStep)
    return (
      <Suspense fallback={<div className="form-page" aria-busy="true" />}>
        <SecondStepForm
          challenge={secondStep}
          onBack={() => setSecondStep(undefined)}
          onSignedIn={async (value) => {
            writeRemembered(
              remember
                ? method === 'username'
                  ? { type: 'username', username: value.userName }
                  : { type: 'sms', countryDialingCode: dialing, mobileNum: mobile }
                : undefined,
            );
            await finish(value, remember);
          }}
        />
      </Suspense>
    );

  return (
    <section className="form-page" aria-labelledby="login-title">
      <h1 id="login-title" className="auth-title">
        {t('login.title')}
      </h1>
      {agentOnly && <p className="auth-hint">{t('login.agentOnly')}</p>}
      {smsLogin && (
        <MethodTabs
          label={t('login.method')}
          value={method}
          onChange={switchMethod}
          options={[
            { id: 'username', label: t('tabs.username') },
            { id: 'sms', label: t('tabs.mobile') },
          ]}
        />
      )}
      <form className="form-stack" noValidate onSubmit={(e) => void submit(e)}>
        {method === 'username' ? (
          <>
            <FormField id="username" label={t('fields.username')} required errors={errors.username}>
              <input
                id="username"
                name="username"
                className="auth-input"
                autoComplete="username"
                autoCapitalize="none"
                maxLength={64}
                placeholder={t('placeholders.username')}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </FormField>
            <FormField id="password" label={t('fields.password')} required errors={errors.password}>
              <PasswordInput
                id="password"
                name="password"
                autoComplete="current-password"
                maxLength={64}
                placeholder={t('placeholders.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
          </>
        ) : (
          <>
            <FormField id="mobileNum" label={t('fields.mobileNum')} required errors={errors.mobileNum}>
              <MobileInput
                dialingCode={dialing}
                onDialingCode={setDialing}
                value={mobile}
                onChange={setMobile}
                placeholder={t('placeholders.mobileNum')}
              />
            </FormField>
            <FormField
              id="verificationCode"
              label={t('fields.verificationCode')}
              required
              errors={errors.verificationCode}
            >
              <SmsCodeInput
                value={code}
                onChange={setCode}
                onSend={() => void sendCode()}
                seconds={sms.seconds}
                sending={sms.sending}
                placeholder={t('placeholders.verificationCode')}
                sendLabel={t('sms.send')}
                countdownLabel={t('sms.countdown', { seconds: sms.seconds })}
              />
            </FormField>
          </>
        )}
        {captchaShown && (
          <CaptchaField
            value={captcha}
            onChange={setCaptcha}
            challenge={challenge}
            onRefresh={refresh}
            errors={errors.captcha}
          />
        )}
        <div className="auth-row">
          <label className="auth-check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('login.remember')}
          </label>
          {forgotShown && (
            <Link className="auth-link" to="/m/forget">
              {t('login.forgot')}
            </Link>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
      {!agentOnly && (
        <div className="auth-links">
          <Link className="btn btn-ghost btn-block" to="/m/register">
            {t('login.register')}
          </Link>
          <button type="button" className="btn btn-ghost btn-block" onClick={() => void tryFree()}>
            {t('login.trial')}
          </button>
        </div>
      )}
      {/* Social sign-in carries no agent check: the agent centre's sign-in leaves it out. */}
      {!agentOnly && <SocialButtons />}
      <div className="auth-footer-links">
        <Link className="auth-link" to="/m/home">
          {t('login.home')}
        </Link>
        <button type="button" className="auth-link" onClick={() => open('service')}>
          {t('login.service')}
        </button>
      </div>
    </section>
  );
}
