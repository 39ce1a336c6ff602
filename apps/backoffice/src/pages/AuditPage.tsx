import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import i18n, { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '@playhouse/contract/languages';
import { boFetch, type Page } from '../api.ts';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';

interface AuditEntry {
  id: number;
  actorType: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  target: string | null;
  detail: unknown;
  ip: string | null;
  createdAt: number;
}

/**
 * An action's name in the staff member's language; a code the catalogue does not know yet (a new
 * feature's) is shown as it is rather than hidden.
 */
export function actionLabel(t: TFunction, action: string): string {
  const key = `audit.actions.${action.replace(/\./g, '_')}`;
  return i18n.exists(key) ? t(key) : action;
}

/** The audit log: every operator action and money movement, newest first. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['audit', pageNo],
    queryFn: () => boFetch<Page<AuditEntry>>(`/bo/api/audit?pageNo=${pageNo}&pageSize=25`),
    placeholderData: keepPreviousData,
  });
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  return (
    <section>
      <div className="page-head">
        <h1>{t('audit.title')}</h1>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          {t('table.refresh')}
        </button>
      </div>
      {query.error && <p className="alert">{query.error.message}</p>}
      <table className="table stack-narrow audit-table">
        <thead>
          <tr>
            <th>{t('table.time')}</th>
            <th>{t('audit.actor')}</th>
            <th>{t('audit.action')}</th>
            <th>{t('audit.target')}</th>
            <th>{t('audit.ip')}</th>
            <th>{t('audit.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {query.data?.list.map((entry) => (
            <tr key={entry.id}>
              <td className="nowrap" data-label={t('table.time')}>
                <span>{formatTime(entry.createdAt, tag)}</span>
              </td>
              <td data-label={t('audit.actor')}>
                <span>
                  {t(`audit.actorTypes.${entry.actorType}`, { defaultValue: entry.actorType })}
                  {entry.actorName ? (
                    <>
                      {' · '}
                      <bdi>{entry.actorName}</bdi>
                    </>
                  ) : null}
                </span>
              </td>
              <td data-label={t('audit.action')}>
                <span title={entry.action}>{actionLabel(t, entry.action)}</span>
              </td>
              <td data-label={t('audit.target')} className="wrap-anywhere">
                <span>{entry.target}</span>
              </td>
              <td className="mono" data-label={t('audit.ip')}>
                <span>{entry.ip}</span>
              </td>
              <td data-label={t('audit.detail')}>
                {entry.detail != null && (
                  <details>
                    <summary>{t('audit.show')}</summary>
                    <pre>{JSON.stringify(entry.detail, null, 2)}</pre>
                  </details>
                )}
              </td>
            </tr>
          ))}
          {query.data?.list.length === 0 && <EmptyRow colSpan={6} />}
        </tbody>
      </table>
      <Pager page={query.data} onPage={setPageNo} />
    </section>
  );
}
