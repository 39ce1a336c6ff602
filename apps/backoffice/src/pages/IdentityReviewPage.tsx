import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import { DOCUMENT_STATUSES, type IdentityDocument } from '@playhouse/contract/payments';
import { boFetch, type Page } from '../api.ts';
import { Decided, DecisionButtons, DecisionDialog, type Decision } from './DecisionDialog.tsx';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';
import { StatusSelect } from './StatusSelect.tsx';
import { StaffImage } from './StaffImage.tsx';
import './money.css';
import { useStaffRole } from './use-staff-role.ts';

type DeskDocument = IdentityDocument & { userName: string; memberId: number; decidedBy: string | null };

/** Identity documents members sent: look at the photos, then verify or reject with a reason. */
export function IdentityReviewPage() {
  const canDecide = useStaffRole().can('money.decide');
  const { t, i18n } = useTranslation();
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('UNDER_REVIEW');
  const [pageNo, setPageNo] = useState(1);
  const [deciding, setDeciding] = useState<{ doc: DeskDocument; decision: Decision }>();
  const list = useQuery({
    queryKey: ['identity-documents', status, pageNo],
    queryFn: () =>
      boFetch<Page<DeskDocument>>(
        `/bo/api/identity-documents?pageNo=${pageNo}&pageSize=20${status ? `&status=${status}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: Decision; reason: string }) =>
      boFetch(`/bo/api/identity-documents/${id}/${decision}`, {
        method: 'POST',
        body: reason ? { reason } : {},
      }),
    onSuccess: () => setDeciding(undefined),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['identity-documents'] }),
  });
  return (
    <section>
      <div className="page-head">
        <h1>{t('identity.title')}</h1>
        <StatusSelect
          aria-label={t('money.statusFilter')}
          statuses={DOCUMENT_STATUSES}
          statusLabel={(s) => t(`money.status.${s}`)}
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPageNo(1);
          }}
        />
        <button type="button" className="btn" onClick={() => void list.refetch()}>
          {t('table.refresh')}
        </button>
      </div>
      {list.error && <p className="alert">{list.error.message}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            <th>{t('table.time')}</th>
            <th>{t('money.member')}</th>
            <th>{t('identity.kind')}</th>
            <th>{t('identity.images')}</th>
            <th>{t('money.statusFilter')}</th>
            <th>{t('money.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((doc) => (
            <tr key={doc.documentId}>
              <td data-label={t('table.time')} className="nowrap">
                {formatTime(doc.createdAt, tag)}
              </td>
              <td data-label={t('money.member')}>{doc.userName}</td>
              <td data-label={t('identity.kind')}>{t(`identity.kinds.${doc.kind}`)}</td>
              <td data-label={t('identity.images')}>
                <span className="thumbs">
                  {doc.uploadIds.map((u, i) => (
                    <StaffImage key={u} uploadId={u} alt={t('identity.image', { n: i + 1 })} />
                  ))}
                </span>
              </td>
              <td data-label={t('money.statusFilter')}>
                <span className={`status status-${doc.status}`}>{t(`money.status.${doc.status}`)}</span>
                <Decided by={doc.decidedBy} at={doc.decidedAt} reason={doc.reason} tag={tag} />
              </td>
              <td data-label={t('money.actions')}>
                {doc.status === 'UNDER_REVIEW' && canDecide && (
                  <DecisionButtons
                    approveLabel={t('identity.verify')}
                    rejectLabel={t('money.reject')}
                    onDecide={(decision) => {
                      decide.reset();
                      setDeciding({ doc, decision });
                    }}
                  />
                )}
              </td>
            </tr>
          ))}
          {list.data?.list.length === 0 && <EmptyRow colSpan={6} />}
        </tbody>
      </table>
      <Pager page={list.data} onPage={setPageNo} />
      {deciding && (
        <DecisionDialog
          decision={deciding.decision}
          pending={decide.isPending}
          error={decide.error?.message}
          onCancel={() => setDeciding(undefined)}
          onConfirm={(reason) =>
            decide.mutate({ id: deciding.doc.documentId, decision: deciding.decision, reason })
          }
          summary={
            <strong>
              {t(deciding.decision === 'approve' ? 'identity.verifyWhat' : 'identity.rejectWhat', {
                name: deciding.doc.userName,
                kind: t(`identity.kinds.${deciding.doc.kind}`),
              })}
            </strong>
          }
        />
      )}
    </section>
  );
}
