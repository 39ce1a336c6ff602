import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_IDS, type AvatarId } from '@playhouse/contract/avatars';
import { FormField, invalidProps } from '../../components/form/FormField.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../session/session.ts';
import { Modal } from '../../shell/Modal.tsx';
import { showToast } from '../../shell/toast.tsx';
import { useProfile, useSetHeadIcon, useSetNickname } from './api.ts';
import { Avatar } from './Avatar.tsx';
import { SignInPrompt } from './SignInPrompt.tsx';
import './member.css';

function Pencil({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" strokeLinejoin="round" />
    </svg>
  );
}

function AvatarPicker({ current, onClose }: { current: AvatarId; onClose: () => void }) {
  const { t } = useTranslation('member');
  const setHeadIcon = useSetHeadIcon();
  const choose = async (id: AvatarId) => {
    try {
      await setHeadIcon.mutateAsync(id);
      showToast(t('account.saved'), { kind: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
    }
  };
  return (
    <Modal title={t('account.chooseAvatar')} onClose={onClose} className="sheet">
      <div className="mc-avatar-grid" role="radiogroup" aria-label={t('account.chooseAvatar')}>
        {AVATAR_IDS.map((id, i) => (
          <button
            key={id}
            type="button"
            role="radio"
            aria-checked={id === current}
            aria-label={t('account.avatar', { n: i + 1 })}
            className={id === current ? 'selected' : ''}
            disabled={setHeadIcon.isPending}
            onClick={() => void choose(id)}
          >
            <Avatar id={id} size={56} />
          </button>
        ))}
      </div>
    </Modal>
  );
}

function NicknameEditor({ initial, onClose }: { initial: string; onClose: () => void }) {
  const { t } = useTranslation('member');
  const setNickname = useSetNickname();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await setNickname.mutateAsync(value.trim());
      showToast(t('account.saved'), { kind: 'success' });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(err.fields.nickname?.join(', ') ?? err.message);
    }
  };
  return (
    <Modal title={t('account.editNickname')} onClose={onClose}>
      <form onSubmit={(e) => void save(e)} className="mc-form" noValidate>
        <FormField id="nickname" label={t('fields.nickname')} errors={error ? [error] : undefined}>
          <input
            id="nickname"
            className="auth-input"
            value={value}
            maxLength={60}
            placeholder={t('placeholders.nickname')}
            autoComplete="nickname"
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
            {...invalidProps('nickname', error ? [error] : undefined)}
          />
        </FormField>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('account.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!value.trim() || setNickname.isPending}>
            {t('account.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** /m/myAccount/index: account details, nickname and avatar. */
export default function MyAccountPage() {
  const { t, i18n } = useTranslation('member');
  const session = useSession();
  const profile = useProfile();
  const [editing, setEditing] = useState<'avatar' | 'nickname' | null>(null);
  if (!session) return <SignInPrompt />;
  const p = profile.data;
  const date = (ms: number | null) =>
    ms === null
      ? '—'
      : new Intl.DateTimeFormat(i18n.language === 'PSEUDO' ? 'en' : undefined, {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(ms);
  const rows: [string, string][] = p
    ? [
        [t('account.username'), p.account],
        [t('account.regDate'), p.regDate],
        [t('account.email'), p.email ?? t('account.notSet')],
        [
          t('account.mobile'),
          p.mobileNum ? `${p.countryDialingCode ?? ''} ${p.mobileNum}`.trim() : t('account.notSet'),
        ],
        [t('account.currency'), p.currency],
        [t('account.lastLogin'), date(p.lastLoginAt)],
      ]
    : [];
  return (
    <div className="mc-page">
      <section className="mc-card mc-account-head">
        <button
          type="button"
          className="mc-avatar-button"
          onClick={() => setEditing('avatar')}
          aria-label={t('account.changeAvatar')}
          disabled={!p || session.type === 4}
        >
          <Avatar id={p?.headIcon} size={84} />
          <span className="mc-avatar-edit" aria-hidden="true">
            <Pencil size={14} />
          </span>
        </button>
        <button
          type="button"
          className="mc-nickname"
          onClick={() => setEditing('nickname')}
          disabled={!p || session.type === 4}
          aria-label={t('account.editNickname')}
        >
          <span>{p ? p.nickname || t('account.noNickname') : '\u00a0'}</span>
          <Pencil size={16} />
        </button>
      </section>
      <section className="mc-card">
        <h2 className="mc-card-title">{t('account.title')}</h2>
        {p ? (
          <dl className="mc-details">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <div className="mc-skeleton" aria-hidden="true" />
        )}
      </section>
      {editing === 'avatar' && p && <AvatarPicker current={p.headIcon} onClose={() => setEditing(null)} />}
      {editing === 'nickname' && p && (
        <NicknameEditor initial={p.nickname ?? ''} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
