import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  BIRTHDAY_MIN_YEAR,
  REGISTER_PAYLOAD_RULES,
  registerFieldProblems,
  type RegisterPayloadField,
} from '@playhouse/contract/account';
import { legalPath } from '@playhouse/contract/legal';
import type { RegisterSettings } from '@playhouse/contract/settings';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import { detectPlatform } from '../../../lib/platform.ts';
import { STORAGE, readString } from '../../../lib/storage.ts';
import { TOAST_MS } from '../../../lib/timing.ts';
import { hideToast, showToast } from '../../../shell/toast.tsx';
import { useSiteStatus } from '../../../status/site-status.ts';
import { checkAffiliate, checkUsername, register, sendSmsCode } from '../api/auth-calls.ts';
import { useCaptcha } from '../../../components/form/use-captcha.ts';
import { useSmsCode } from '../../../components/form/use-sms-code.ts';
import { CaptchaField } from '../../../components/form/CaptchaField.tsx';
import { FormField, invalidProps } from '../../../components/form/FormField.tsx';
import { MethodTabs } from '../../../components/form/MethodTabs.tsx';
import { MobileInput } from '../../../components/form/MobileInput.tsx';
import { PasswordInput } from '../../../components/form/PasswordInput.tsx';
import { SmsCodeInput } from '../../../components/form/SmsCodeInput.tsx';
import { SocialButtons } from '../components/SocialButtons.tsx';
import {
  confirmationProblems,
  focusFirstInvalid,
  passwordRuleText,
  problemText,
  registerMethod,
  type FieldErrors,
} from '../form-rules.ts';
import { storeSession } from '../../../session/session-store.ts';
import '../auth.css';

type Method = 'username' | 'mobile';
type Values = Partial<Record<RegisterPayloadField | 'captcha', string>>;

/** Optional profile fields, in the spec's order, shown when the operator enables them. */
const EXTRA_FIELDS: RegisterPayloadField[] = [
  'paymentPassword',
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
  'email',
  'nickname',
  'payeeName',
  'recommenderId',
  'birthday',
  'affiliateCode',
];
const PASSWORD_FIELDS = new Set<string>(['password', 'confirmPassword', 'paymentPassword']);
const DEFAULT_DIALING = '+63';

function useRegisterSettings(initial: RegisterSettings | undefined) {
  return useQuery({
    queryKey: ['auth', 'register-settings'],
    queryFn: () => apiFetch<RegisterSettings>('/wps/system/setting/register'),
    ...(initial ? { placeholderData: initial } : {}),
    staleTime: 30_000,
  }).data;
}

/** Registration by username or mobile number, driven by the operator's settings (spec §2, §5). */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const status = useSiteStatus();
  const flags = status?.info.whitelabel;
  const settings = useRegisterSettings(status?.info.register);
  const byUsername = Boolean(flags?.USERNAMEREG3);
  const byMobile = Boolean(flags?.MOBILENUMREG3);

  const [chosen, setMethod] = useState<Method>();
  // It starts as mobile only when mobile registration is on and username registration off.
  const method: Method = chosen ?? (byMobile && !byUsername ? 'mobile' : 'username');
  const [values, setValues] = useState<Values>({});
  const [dialing, setDialing] = useState(DEFAULT_DIALING);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [valid, setValid] = useState<Set<string>>(new Set());
  // Consent is given actively: the box starts unticked (issue 17).
  const [disclaimer, setDisclaimer] = useState(false);
  const [busy, setBusy] = useState(false);
  const [smsNeedsCaptcha, setSmsNeedsCaptcha] = useState(false);
  const linkCode = params.get('affiliateCode') ?? params.get('code') ?? '';
  const [linkCodeValid, setLinkCodeValid] = useState<boolean | undefined>(linkCode ? undefined : false);
  const captchaOn = Boolean(settings?.captcha.enabled);
  const { challenge, refresh } = useCaptcha(captchaOn || smsNeedsCaptcha);
  const sms = useSmsCode({ sending: t('sms.sending'), sent: t('sms.sent') });

  // A link's invitation code is used silently when valid; otherwise the field is shown (spec §2).
  useEffect(() => {
    if (!linkCode) return;
    checkAffiliate(linkCode).then(
      (r) => {
        setLinkCodeValid(r.success);
        if (!r.success) setValues((v) => ({ ...v, affiliateCode: linkCode }));
      },
      () => setLinkCodeValid(false),
    );
  }, [linkCode]);

  if (!settings || !flags) return <div className="page-loader" aria-hidden="true" />;
  if (!byUsername && !byMobile)
    return (
      <section className="form-page">
        <h1 className="auth-title">{t('register.title')}</h1>
        <p className="muted">{t('common:errors.REGISTRATION_CLOSED')}</p>
      </section>
    );

  const ruleOf = (f: RegisterPayloadField) => settings[REGISTER_PAYLOAD_RULES[f]];
  const smsOn = settings.messageCode.enabled;
  const withPassword = method === 'username' || flags.MOBILENUMPASSREG3;

  /** The fields this method shows, in order, and whether each is required. */
  const shown: { field: RegisterPayloadField; required: boolean }[] = [];
  if (method === 'username') {
    shown.push(
      { field: 'username', required: true },
      { field: 'password', required: true },
      { field: 'confirmPassword', required: true },
    );
    if (ruleOf('mobileNum').enabled) {
      shown.push({ field: 'mobileNum', required: ruleOf('mobileNum').required });
      if (smsOn)
        shown.push({
          field: 'verificationCode',
          required: ruleOf('mobileNum').required || Boolean(values.mobileNum),
        });
    }
    for (const f of EXTRA_FIELDS)
      if (ruleOf(f).enabled) shown.push({ field: f, required: ruleOf(f).required });
  } else {
    shown.push({ field: 'mobileNum', required: true });
    if (smsOn) shown.push({ field: 'verificationCode', required: true });
    if (withPassword)
      shown.push({ field: 'password', required: true }, { field: 'confirmPassword', required: true });
    if (ruleOf('affiliateCode').enabled)
      shown.push({ field: 'affiliateCode', required: ruleOf('affiliateCode').required });
  }
  const visible = shown.filter((s) => s.field !== 'affiliateCode' || !linkCodeValid);
  const order = [...visible.map((s) => s.field), 'captcha', 'disclaimer'];

  const passwordRule = ruleOf('password');
  const check = (field: RegisterPayloadField, all: Values): string[] => {
    const entry = visible.find((s) => s.field === field);
    if (!entry) return [];
    // The confirmation is judged only against the password: its own rules are the password's.
    if (field === 'confirmPassword')
      return confirmationProblems(all.password, all.confirmPassword).map((key) =>
        t(`common:validation.${key}`),
      );
    const problems = registerFieldProblems(field, all[field], ruleOf(field), { required: entry.required });
    // The password's rule in words (the same line shown under it before typing), not "format incorrect".
    const texts =
      field === 'password' && problems.some((p) => p.key !== 'required')
        ? [passwordRuleText(t, passwordRule)]
        : problemText(t, problems);
    if (
      field === 'password' &&
      !texts.length &&
      all.username &&
      all.password?.toLowerCase() === all.username.toLowerCase()
    )
      texts.push(t('common:validation.passwordSameAsUsername'));
    return texts;
  };

  const setField = (field: RegisterPayloadField | 'captcha', value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field === 'captcha') {
      setErrors((e) => ({ ...e, captcha: [] }));
      return;
    }
    // Each change re-validates the field; a password change re-checks its confirmation.
    const updates: FieldErrors = { [field]: check(field, next) };
    if (field === 'password' && (next.confirmPassword || errors.confirmPassword?.length))
      updates.confirmPassword = check('confirmPassword', next);
    setErrors((e) => ({ ...e, ...updates }));
    setValid((v) => {
      const s = new Set(v);
      for (const [f, list] of Object.entries(updates)) {
        if (!list.length && next[f as RegisterPayloadField]) s.add(f);
        else s.delete(f);
      }
      return s;
    });
  };

  const onUsernameBlur = async () => {
    const name = values.username?.trim();
    if (!name || check('username', values).length) return;
    try {
      const { available } = await checkUsername(name);
      if (!available) {
        setErrors((e) => ({ ...e, username: [t('common:validation.usernameTaken')] }));
        setValid((v) => {
          const s = new Set(v);
          s.delete('username');
          return s;
        });
      }
    } catch {
      // The server checks again on submit.
    }
  };

  const sendCode = async () => {
    const problems = check('mobileNum', { ...values, mobileNum: values.mobileNum ?? '' });
    if (!values.mobileNum || problems.length) {
      setErrors((e) => ({ ...e, mobileNum: problems.length ? problems : [t('common:validation.required')] }));
      document.getElementById('mobileNum')?.focus();
      return;
    }
    // A busy address must also solve the captcha; a solved one is used up by the request.
    const human =
      smsNeedsCaptcha && values.captcha && challenge
        ? { captcha: values.captcha, captchaKey: challenge.captchaKey }
        : undefined;
    const mobileNum = values.mobileNum;
    const result = await sms.send(() => sendSmsCode('register', dialing, mobileNum, human));
    if (human) {
      setValues((v) => ({ ...v, captcha: '' }));
      refresh();
    }
    if (!result.ok && result.error) {
      const { fields, code } = result.error;
      setErrors((e) => ({ ...e, ...fields }));
      if (code.startsWith('CAPTCHA')) {
        setSmsNeedsCaptcha(true);
        document.getElementById('captcha')?.focus();
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    for (const { field } of visible) {
      const list = check(field, values);
      if (list.length) found[field] = list;
    }
    if (captchaOn && !values.captcha) found.captcha = [t('common:validation.captchaRequired')];
    if (!disclaimer) found.disclaimer = [t('register.disclaimerError')];
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid(order, found);
      return;
    }
    setBusy(true);
    const toast = showToast(t('register.loading'), { kind: 'loading', durationMs: TOAST_MS.loadingList });
    try {
      const code = visible.some((s) => s.field === 'affiliateCode')
        ? values.affiliateCode?.trim()
        : linkCodeValid
          ? linkCode
          : '';
      if (code && visible.some((s) => s.field === 'affiliateCode') && !(await checkAffiliate(code)).success) {
        hideToast(toast);
        setErrors({ affiliateCode: [t('common:validation.invitationCodeInvalid')] });
        document.getElementById('affiliateCode')?.focus();
        return;
      }
      const payload: Record<string, unknown> = {
        type: 0,
        registerMethod: registerMethod(
          detectPlatform().standalone,
          readString(STORAGE.webClip) === '1',
          detectPlatform().nativeApp,
        ),
        registerUrl: window.location.href.slice(0, 500),
        domain: window.location.hostname,
      };
      for (const { field } of visible) {
        const v = values[field]?.trim();
        if (v) payload[field] = PASSWORD_FIELDS.has(field) ? values[field] : v;
      }
      if (code) payload.affiliateCode = code;
      if (payload.mobileNum) payload.countryDialingCode = dialing;
      if (captchaOn && challenge) {
        payload.captcha = values.captcha;
        payload.captchaKey = challenge.captchaKey;
      }
      const value = await register(payload, method === 'mobile');
      hideToast(toast);
      // The new member is signed in at once: the message says so.
      showToast(t('register.signedIn'), { kind: 'success', durationMs: TOAST_MS.success });
      storeSession(value, false);
      await queryClient.invalidateQueries({ queryKey: ['member'] });
      navigate('/m/home', { replace: true });
    } catch (error) {
      hideToast(toast);
      if (!(error instanceof ApiError)) throw error;
      // A captcha works once: every failed attempt needs a new one.
      if (captchaOn) {
        setValues((v) => ({ ...v, captcha: '' }));
        refresh();
      }
      setErrors(error.fields);
      focusFirstInvalid(order, error.fields);
      showToast(error.message, { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const year = new Date().getFullYear();
  const renderField = ({ field, required }: { field: RegisterPayloadField; required: boolean }) => {
    const common = {
      id: field,
      name: field,
      className: 'auth-input',
      placeholder: t(`placeholders.${field}`),
      value: values[field] ?? '',
      'aria-invalid': Boolean(errors[field]?.length),
      ...(field === 'password' && !errors.password?.length ? { 'aria-describedby': 'password-rule' } : {}),
      ...invalidProps(field, errors[field]),
      onChange: (e: { target: { value: string } }) => setField(field, e.target.value),
    };
    let control;
    if (field === 'mobileNum') {
      control = (
        <MobileInput
          dialingCode={dialing}
          onDialingCode={setDialing}
          value={values.mobileNum ?? ''}
          onChange={(v) => setField('mobileNum', v)}
          placeholder={t('placeholders.mobileNum')}
          invalid={Boolean(errors.mobileNum?.length)}
        />
      );
    } else if (field === 'verificationCode') {
      control = (
        <SmsCodeInput
          value={values.verificationCode ?? ''}
          onChange={(v) => setField('verificationCode', v)}
          onSend={() => void sendCode()}
          seconds={sms.seconds}
          sending={sms.sending}
          placeholder={t('placeholders.verificationCode')}
          sendLabel={t('sms.send')}
          countdownLabel={t('sms.countdown', { seconds: sms.seconds })}
          invalid={Boolean(errors.verificationCode?.length)}
        />
      );
    } else if (PASSWORD_FIELDS.has(field)) {
      const { className: _c, ...rest } = common;
      control = (
        <PasswordInput
          {...rest}
          autoComplete={field === 'paymentPassword' ? 'off' : 'new-password'}
          maxLength={ruleOf(field).maxLength}
        />
      );
    } else if (field === 'birthday') {
      control = <input {...common} type="date" min={`${BIRTHDAY_MIN_YEAR}-01-01`} max={`${year}-12-31`} />;
    } else {
      control = (
        <input
          {...common}
          type={field === 'email' ? 'email' : 'text'}
          autoCapitalize="none"
          autoComplete={field === 'username' ? 'username' : field === 'email' ? 'email' : 'off'}
          maxLength={ruleOf(field).maxLength}
          {...(field === 'username' ? { onBlur: () => void onUsernameBlur() } : {})}
        />
      );
    }
    const hint =
      field === 'password' ? (
        <p className={`auth-hint ${valid.has('password') ? 'is-met' : ''}`} id="password-rule">
          {passwordRuleText(t, passwordRule)}
        </p>
      ) : undefined;
    return (
      <FormField
        key={field}
        id={field}
        label={t(`fields.${field}`)}
        required={required}
        errors={errors[field]}
        valid={valid.has(field)}
        hint={hint}
      >
        {control}
      </FormField>
    );
  };

  return (
    <section className="form-page" aria-labelledby="register-title">
      <h1 id="register-title" className="auth-title">
        {t('register.title')}
      </h1>
      {byUsername && byMobile && (
        <MethodTabs
          label={t('register.method')}
          value={method}
          onChange={(m) => {
            setMethod(m);
            setErrors({});
          }}
          options={[
            { id: 'mobile', label: t('tabs.mobile') },
            { id: 'username', label: t('tabs.username') },
          ]}
        />
      )}
      <form className="form-stack" noValidate onSubmit={(e) => void submit(e)}>
        {visible.map(renderField)}
        {(captchaOn || smsNeedsCaptcha) && (
          <CaptchaField
            value={values.captcha ?? ''}
            onChange={(v) => setField('captcha', v)}
            challenge={challenge}
            onRefresh={refresh}
            errors={errors.captcha}
          />
        )}
        <div className={`auth-disclaimer ${errors.disclaimer?.length ? 'is-invalid' : ''}`}>
          <label className="auth-check">
            <input
              id="disclaimer"
              type="checkbox"
              checked={disclaimer}
              onChange={(e) => {
                setDisclaimer(e.target.checked);
                setErrors((er) => ({
                  ...er,
                  disclaimer: e.target.checked ? [] : [t('register.disclaimerError')],
                }));
              }}
            />
            <span>
              <Trans
                t={t}
                i18nKey="register.disclaimer"
                values={{ age: 18 }}
                components={{
                  terms: <Link to={legalPath('terms')} data-testid="consent-terms" />,
                  privacy: <Link to={legalPath('privacy')} data-testid="consent-privacy" />,
                }}
              />
            </span>
          </label>
          {errors.disclaimer?.length ? (
            <p className="auth-error" role="alert">
              {errors.disclaimer.join(', ')}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t('register.submit')}
        </button>
      </form>
      <SocialButtons affiliateCode={linkCodeValid ? linkCode : undefined} />
      <p className="auth-switch">
        {t('register.haveAccount')}{' '}
        <Link className="auth-link" to="/m/login">
          {t('register.login')}
        </Link>
      </p>
    </section>
  );
}
