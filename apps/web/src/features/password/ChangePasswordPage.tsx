import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../session/session.ts';
import { Modal } from '../../shell/Modal.tsx';
import { hideToast, showToast } from '../../shell/toast.tsx';
import { useSiteStatus } from '../../status/site-status.ts';
import { changePassword } from './api.ts';
import { Field } from './Field.tsx';
import {
  checkConfirmation,
  checkNewPassword,
  checkOldPassword,
  DEFAULT_RULE,
  type Problem,
} from './validation.ts';
import './password.css';

/** Spec §4: loading notice up to 10 s, 'saved' for 1 s, then home after 1 s. */
const LOADING_MS = 10_000;
const SAVED_MS = 1000;

type Key = 'oldPassword' | 'newPassword' | 'confirmNewPassword';

/** /m/changePsw: the old password is always asked for, since the site never keeps passwords. */
export default function ChangePasswordPage() {
  const { t } = useTranslation('member');
  const navigate = useNavigate();
  const session = useSession();
  const rule = useSiteStatus()?.info.register.password ?? DEFAULT_RULE;
  const [values, setValues] = useState<Record<Key, string>>({
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Key, boolean>>>({});
  const [signOutOthers, setSignOutOthers] = useState(false);
  const [samePrompt, setSamePrompt] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!session) return <Navigate to="/m/home" replace />;

  const problems: Record<Key, Problem | undefined> = {
    oldPassword: checkOldPassword(values.oldPassword),
    newPassword: checkNewPassword(values.newPassword, rule),
    confirmNewPassword: checkConfirmation(values.confirmNewPassword, values.newPassword),
  };
  const allFilled = Object.values(values).every(Boolean);
  const show = (k: Key) => (touched[k] ? problems[k] : undefined);
  const set = (k: Key) => (value: string) => {
    setValues((v) => ({ ...v, [k]: value }));
    setTouched((s) => ({ ...s, [k]: true }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched({ oldPassword: true, newPassword: true, confirmNewPassword: true });
    if (Object.values(problems).some(Boolean) || busy) return;
    if (values.newPassword === values.oldPassword) {
      setSamePrompt(true);
      return;
    }
    setBusy(true);
    const loading = showToast(t('change.loading'), { kind: 'loading', durationMs: LOADING_MS });
    try {
      await changePassword({ ...values, signOutOthers });
      hideToast(loading);
      showToast(t('change.saved'), { kind: 'success', durationMs: SAVED_MS });
      window.setTimeout(() => void navigate('/m/home'), SAVED_MS);
    } catch (error) {
      hideToast(loading);
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
      setBusy(false);
    }
  };

  return (
    <section className="pw-page">
      <form className="pw-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="pw-intro">{t('change.intro')}</p>
        <Field
          id="username"
          label={t('fields.username')}
          value={session.userName}
          readOnly
          autoComplete="username"
        />
        <Field
          id="oldPassword"
          type="password"
          label={t('fields.oldPassword')}
          placeholder={t('placeholders.oldPassword')}
          autoComplete="current-password"
          maxLength={128}
          value={values.oldPassword}
          onChange={set('oldPassword')}
          problem={show('oldPassword')}
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
        <label className="pw-check">
          <input
            type="checkbox"
            checked={signOutOthers}
            onChange={(e) => setSignOutOthers(e.target.checked)}
          />
          <span>{t('change.signOutOthers')}</span>
        </label>
        <button type="submit" className="btn btn-primary btn-block" disabled={!allFilled || busy}>
          {t('change.submit')}
        </button>
        <Link className="pw-link" to="/m/forget">
          {t('change.forgot')}
        </Link>
      </form>
      {samePrompt && (
        <Modal title={t('fields.newPassword')} onClose={() => setSamePrompt(false)}>
          <p className="modal-text">{t('change.same_password')}</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={() => setSamePrompt(false)}>
              {t('change.ok')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
