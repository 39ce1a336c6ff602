import { findLanguage } from '@playhouse/contract/languages';
import { DOCUMENT_KINDS, type DocumentKind, type DocumentStatus } from '@playhouse/contract/payments';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MethodTabs } from '../../components/form/MethodTabs.tsx';
import { useFundPasswordStatus } from '../../components/fund-password/api.ts';
import { FundPasswordForm, type FundPasswordMode } from '../../components/fund-password/FundPasswordForm.tsx';
import { ImagePicker } from '../../components/upload/ImagePicker.tsx';
import { UploadedImage } from '../../components/upload/UploadedImage.tsx';
import { ApiError } from '../../lib/api.ts';
import { uploadImages } from '../../lib/uploads.ts';
import { showToast } from '../../shell/toast.tsx';
import { useProfile } from './api.ts';
import { ContactBindForm } from './ContactBindForm.tsx';
import { useIdentity, useSubmitIdentity } from './identity-api.ts';
import '../../components/form/form.css';
import './security.css';

const STATUS_CLASS: Record<DocumentStatus | 'NONE', string> = {
  NONE: 'mc-chip mc-chip-none',
  UNDER_REVIEW: 'mc-chip mc-chip-wait',
  VERIFIED: 'mc-chip mc-chip-ok',
  REJECTED: 'mc-chip mc-chip-bad',
};

/** The fund password every withdrawal asks for: set the first one, change it, or reset it by SMS. */
export function FundPasswordSection() {
  const { t, i18n } = useTranslation('pay');
  const status = useFundPasswordStatus();
  // Sent here from the withdraw prompt's "forgot": the reset form, scrolled into view.
  const asked = useLocation().hash === '#fund-password';
  const [mode, setMode] = useState<Exclude<FundPasswordMode, 'set'>>(asked ? 'forgot' : 'change');
  const set = status.data?.set;
  const locale = findLanguage(i18n.language)?.tag ?? 'en';
  const loaded = !status.isPending;
  useEffect(() => {
    if (loaded && asked) document.getElementById('fund-password')?.scrollIntoView({ block: 'start' });
  }, [loaded, asked]);
  return (
    <section className="mc-card mc-padded" id="fund-password" aria-labelledby="fund-password-title">
      <h2 className="mc-card-title" id="fund-password-title">
        {t('fund.password')}
      </h2>
      {status.isPending ? (
        <div className="mc-skeleton" aria-hidden="true" />
      ) : set ? (
        <>
          <p className="mc-muted">
            {status.data?.updatedAt
              ? t('security.fundSetOn', {
                  date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
                    status.data.updatedAt,
                  ),
                })
              : t('security.fundSet')}
          </p>
          <MethodTabs
            label={t('fund.password')}
            value={mode}
            onChange={setMode}
            options={[
              { id: 'change', label: t('security.fundChange') },
              { id: 'forgot', label: t('security.fundForgot') },
            ]}
          />
          <FundPasswordForm key={mode} mode={mode} />
        </>
      ) : (
        <>
          <p className="mc-muted">{t('fund.setText')}</p>
          <FundPasswordForm mode="set" />
        </>
      )}
    </section>
  );
}

/** The phone and e-mail on the account (masked): where codes and password resets go; bound with a code. */
export function ContactSection() {
  const { t } = useTranslation('pay');
  const profile = useProfile();
  const [editing, setEditing] = useState<'phone' | 'email'>();
  const phone = profile.data?.mobileNum
    ? `${profile.data.countryDialingCode ? `+${profile.data.countryDialingCode.replace(/^\+/, '')} ` : ''}${profile.data.mobileNum}`
    : null;
  const email = profile.data?.email ?? null;
  const row = (kind: 'phone' | 'email', label: string, value: string | null) => (
    <li className="mc-row">
      <span>{label}</span>
      <span className="mc-row-end">
        {value ? (
          <strong dir="ltr">{value}</strong>
        ) : (
          <span className="mc-chip mc-chip-none">{t('security.notBound')}</span>
        )}
        {editing !== kind && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(kind)}>
            {value ? t('security.bind.change') : t('security.bind.bind')}
          </button>
        )}
      </span>
    </li>
  );
  return (
    <section className="mc-card mc-padded" aria-labelledby="contact-title">
      <h2 className="mc-card-title" id="contact-title">
        {t('security.contactTitle')}
      </h2>
      <p className="mc-muted">{t('security.contactText')}</p>
      <ul className="mc-list mc-contact">
        {row('phone', t('security.phone'), phone)}
        {row('email', t('security.email'), email)}
      </ul>
      {editing && (
        <ContactBindForm
          key={editing}
          kind={editing}
          replacing={Boolean(editing === 'phone' ? phone : email)}
          onDone={() => setEditing(undefined)}
        />
      )}
    </section>
  );
}

/** Identity verification: send a document's photos, then under review, verified or rejected. */
export function IdentitySection() {
  const { t, i18n } = useTranslation('pay');
  const identity = useIdentity();
  const submit = useSubmitIdentity();
  const [kind, setKind] = useState<DocumentKind>('ID_CARD');
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const locale = findLanguage(i18n.language)?.tag ?? 'en';
  const status = identity.data?.status ?? 'NONE';
  const latest = identity.data?.documents[0];
  const canSubmit = status === 'NONE' || status === 'REJECTED';

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!files.length) return;
    try {
      setUploading(true);
      const uploads = await uploadImages(files, 'identity').finally(() => setUploading(false));
      await submit.mutateAsync({ kind, uploadIds: uploads.map((u) => u.uploadId) });
      setFiles([]);
      showToast(t('security.idSent'), { kind: 'success' });
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
      else throw error;
    }
  };

  return (
    <section className="mc-card mc-padded" aria-labelledby="identity-title">
      <h2 className="mc-card-title mc-title-row" id="identity-title">
        {t('security.idTitle')}
        {!identity.isPending && (
          <span className={STATUS_CLASS[status]}>{t(`security.idStatus.${status}`)}</span>
        )}
      </h2>
      {identity.isPending ? (
        <div className="mc-skeleton" aria-hidden="true" />
      ) : (
        <>
          <p className="mc-muted">{t(`security.idText.${status}`)}</p>
          {latest && (
            <div className="mc-doc">
              <span className="mc-muted">
                {t(`security.idKind.${latest.kind}`)} ·{' '}
                {new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(latest.createdAt)}
              </span>
              {latest.reason && (
                <p className="mc-muted" dir="auto">
                  {t('security.idReason', { reason: latest.reason })}
                </p>
              )}
              <div className="up-list">
                {latest.uploadIds.map((id, i) => (
                  <UploadedImage key={id} uploadId={id} alt={t('security.idImage', { n: i + 1 })} />
                ))}
              </div>
            </div>
          )}
          {canSubmit && (
            <form className="form-stack" onSubmit={(e) => void send(e)}>
              <MethodTabs<DocumentKind>
                label={t('security.idKindLabel')}
                value={kind}
                onChange={setKind}
                options={DOCUMENT_KINDS.map((k) => ({ id: k, label: t(`security.idKind.${k}`) }))}
              />
              <ImagePicker files={files} onChange={setFiles} label={t('security.idImages')} />
              <button
                type="submit"
                className="btn btn-primary btn-block"
                disabled={!files.length || uploading || submit.isPending}
              >
                {uploading ? t('transfer.uploading') : t('security.idSubmit')}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
