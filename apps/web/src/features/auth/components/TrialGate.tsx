import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../session/session.ts';
import { Modal } from '../../../shell/Modal.tsx';

const TRIAL_TYPE = 4;

/**
 * Trial (type 4) accounts get a prompt instead of the member centre: cancel, or register now
 * (spec §6, 'free_reject'). Everyone else sees the page.
 */
export default function TrialGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const session = useSession();
  if (session?.type !== TRIAL_TYPE) return children;
  const cancel = () => navigate('/m/home', { replace: true });
  return (
    <Modal title={t('roles.registerNow')} onClose={cancel}>
      <p className="modal-text">{t('roles.freeReject')}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={cancel}>
          {t('roles.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => navigate('/m/register', { replace: true })}
        >
          {t('roles.registerNow')}
        </button>
      </div>
    </Modal>
  );
}
