import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../app/routes.ts';
import { TOAST_MS } from '../lib/timing.ts';
import { useSignOut } from '../session/session.ts';
import { Modal } from './Modal.tsx';
import { useShell } from './shell-state.tsx';
import { hideToast, showToast } from './toast.tsx';

/** Sign-out confirmation (spec §4): cancel or submit, loading message, sign out, go home. */
export default function LogoutDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { close } = useShell();
  const submit = async () => {
    close();
    const toast = showToast(t('logout.loading'), { kind: 'loading', durationMs: TOAST_MS.loadingLong });
    await signOut();
    hideToast(toast);
    navigate(HOME_PATH);
  };
  return (
    <Modal title={t('logout.title')} onClose={close}>
      <p className="modal-text">{t('logout.confirm')}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t('actions.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void submit()}>
          {t('actions.confirm')}
        </button>
      </div>
    </Modal>
  );
}
