import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { findLanguage } from '@playhouse/contract/languages';
import { MEMBER_SEARCH_FIELDS, type MemberSearchPage } from '@playhouse/contract/member-desk';
import { ApiError, boFetch } from '../api.ts';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';
import './members.css';

/** A member type's name: member, trial and non-agent have their own; every other type is an agent. */
export function typeLabel(t: (key: string) => string, type: number): string {
  return [0, 4, 40].includes(type) ? t(`members.types.t${type}`) : t('members.types.agent');
}

/**
 * Find members: one identifier (user name, mobile number, e-mail, real name, affiliate code or an
 * address they signed in from), matched exactly within the operator, a page at a time. The search
 * lives in the address so going back from a member returns to it.
 */
export default function MembersPage() {
  const { t, i18n } = useTranslation();
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const [params, setParams] = useSearchParams();
  const field = params.get('field') ?? 'mobile';
  const q = params.get('q') ?? '';
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState({ field, q });
  const query = useQuery({
    queryKey: ['members', field, q, pageNo],
    queryFn: () =>
      boFetch<MemberSearchPage>(
        `/bo/api/members?${new URLSearchParams({ field, q, pageNo: String(pageNo), pageSize: '20' })}`,
      ),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  const fieldErrors = query.error instanceof ApiError ? query.error.fields : {};
  return (
    <section>
      <div className="page-head">
        <h1>{t('members.title')}</h1>
      </div>
      <form
        className="card filters member-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setParams({ field: draft.field, q: draft.q.trim(), page: '1' });
        }}
      >
        <label className="field">
          <span>{t('members.searchBy')}</span>
          <select value={draft.field} onChange={(e) => setDraft((d) => ({ ...d, field: e.target.value }))}>
            {MEMBER_SEARCH_FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`members.fields.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field grow">
          <span>{t('members.searchFor')}</span>
          <input
            type="search"
            value={draft.q}
            onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
            required
            maxLength={254}
            autoComplete="off"
            dir="auto"
          />
          {fieldErrors.q && <small className="field-error">{fieldErrors.q.join(', ')}</small>}
        </label>
        <button type="submit" className="btn btn-primary">
          {t('members.search')}
        </button>
        <p className="hint">{t('members.searchHint')}</p>
      </form>
      {query.error && !fieldErrors.q && <p className="alert">{query.error.message}</p>}
      {q && query.data && (
        <>
          <table className="table stack-narrow">
            <thead>
              <tr>
                <th>{t('members.userName')}</th>
                <th>{t('members.fields.mobile')}</th>
                <th>{t('members.fields.email')}</th>
                <th>{t('members.fields.realName')}</th>
                <th>{t('members.type')}</th>
                <th>{t('members.status')}</th>
                <th>{t('members.lastLoginAt')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.list.map((m) => (
                <tr key={m.id}>
                  <td data-label={t('members.userName')}>
                    <Link to={`/members/${m.id}`}>
                      <bdi>{m.userName}</bdi>
                    </Link>
                  </td>
                  <td className="mono" data-label={t('members.fields.mobile')}>
                    <span dir="ltr">{m.mobile}</span>
                  </td>
                  <td className="wrap-anywhere" data-label={t('members.fields.email')}>
                    <bdi>{m.email}</bdi>
                  </td>
                  <td data-label={t('members.fields.realName')}>
                    <bdi>{m.realName}</bdi>
                  </td>
                  <td data-label={t('members.type')}>
                    <span>{typeLabel(t, m.type)}</span>
                  </td>
                  <td data-label={t('members.status')}>
                    <span className={`badge ${m.status === 'active' ? 'badge-on' : 'badge-off'}`}>
                      {t(`members.statuses.${m.status}`)}
                    </span>
                  </td>
                  <td className="nowrap" data-label={t('members.lastLoginAt')}>
                    <span>{m.lastLoginAt ? formatTime(m.lastLoginAt, tag) : '—'}</span>
                  </td>
                </tr>
              ))}
              {query.data.list.length === 0 && <EmptyRow colSpan={7} />}
            </tbody>
          </table>
          <Pager page={query.data} onPage={(p) => setParams({ field, q, page: String(p) })} />
        </>
      )}
    </section>
  );
}
