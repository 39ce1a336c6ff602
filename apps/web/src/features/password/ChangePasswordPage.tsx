import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../session/session.ts';
import { Modal } from '../../shell/Modal.tsx';
import { hideToast, showToast } from '../../shell/toast.tsx';
import { changePassword } from './api.ts';
import { NewPasswordFields, TextField, usePasswordRule } from './PasswordFields.tsx';
import { useFormState } from './use-form-state.ts';
import { checkConfirmation, checkNewPassword, checkOldPassword } from './validation.ts';
import './password.css';

/** Spec §4: loading notice up to 10 s, 'saved' for 1 s, then home after 1 s. */
const LOADING_MS = 10_000;
const SAVED_MS = 1000;

/** /m/changePsw: the old password is always asked for, since the site never keeps passwords. */
export default function ChangePasswordPage() {
  const { t } = useTranslation('member');
  const navigate = useNavigate();
  const session = useSession();
  const rule = usePasswordRule();
  const form = useFormState({ oldPassword: '', newPassword: '', confirmNewPassword: '' }, (v) => ({
    oldPassword: checkOldPassword(v.oldPassword),
    newPassword: checkNewPassword(v.newPassword, rule),
    confirmNewPassword: checkConfirmation(v.confirmNewPassword, v.newPassword),
  }));
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [samePrompt, setSamePrompt] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!session) return <Navigate to="/m/home" replace />;

  const { values } = form;
  const allFilled = Object.values(values).every(Boolean);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.valid || busy) return;
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
    <section className="form-page">
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
        <p className="pw-intro">{t('change.intro')}</p>
        <TextField
          id="username"
          label={t('fields.username')}
          value={session.userName}
          readOnly
          autoComplete="username"
        />
        <TextField
          id="oldPassword"
          type="password"
          label={t('fields.oldPassword')}
          placeholder={t('placeholders.oldPassword')}
          autoComplete="current-password"
          maxLength={128}
          {...form.field('oldPassword')}
        />
        <NewPasswordFields
          rule={rule}
          newPassword={form.field('newPassword')}
          confirmation={form.field('confirmNewPassword')}
        />
        <label className="auth-check">
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
