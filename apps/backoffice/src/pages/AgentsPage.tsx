import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_LEVEL_MAX, type BoAgent, type BoAgentPage } from '@playhouse/contract/agents';
import { ApiError, boFetch } from '../api.ts';
import { Pager } from './Pager.tsx';
import { useStaffRole } from './use-staff-role.ts';

const PAGE_SIZE = 20;
const LIST_KEY = 'agents';

/** Makes a member an agent, or changes an agent's type and level (the form fills in from a row). */
function AgentForm({ editing, onDone }: { editing: BoAgent | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState(editing?.userName ?? '');
  const [type, setType] = useState(String(editing?.type ?? 1));
  const [level, setLevel] = useState(String(editing?.level ?? 1));
  const save = useMutation({
    mutationFn: () =>
      boFetch<{ userName: string; code: string }>('/bo/api/agents', {
        method: 'PUT',
        body: { userName: userName.trim(), type: Number(type), level: Number(level) },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY] });
      onDone();
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  return (
    <form
      className="card section"
      aria-labelledby="agent-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="agent-form-title">{t(editing ? 'agents.editTitle' : 'agents.makeTitle')}</h2>
      <div className="grid-2">
        <label className="field">
          <span>{t('agents.userName')}</span>
          <input
            value={userName}
            readOnly={Boolean(editing)}
            autoComplete="off"
            required
            onChange={(e) => setUserName(e.target.value)}
          />
          {fields.userName?.map((m) => (
            <small key={m} className="field-error">
              {m}
            </small>
          ))}
        </label>
        <label className="field">
          <span>{t('agents.type')}</span>
          <input
            type="number"
            min={1}
            max={99}
            value={type}
            required
            onChange={(e) => setType(e.target.value)}
          />
          {fields.type?.map((m) => (
            <small key={m} className="field-error">
              {m}
            </small>
          ))}
        </label>
        <label className="field">
          <span>{t('agents.level')}</span>
          <input
            type="number"
            min={1}
            max={AGENT_LEVEL_MAX}
            value={level}
            required
            onChange={(e) => setLevel(e.target.value)}
          />
          {fields.level?.map((m) => (
            <small key={m} className="field-error">
              {m}
            </small>
          ))}
        </label>
      </div>
      <p className="hint">{t('agents.typeHint')}</p>
      {save.error && !Object.keys(fields).length && <p className="alert">{save.error.message}</p>}
      <div className="actions">
        {editing && (
          <button type="button" className="btn" onClick={onDone}>
            {t('agents.cancel')}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !userName.trim()}>
          {t(editing ? 'agents.save' : 'agents.make')}
        </button>
      </div>
    </form>
  );
}

/** The operator's agents: type, level, code, upline and team; owners and admins make and unmake them. */
export function AgentsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canWrite = useStaffRole().can('agents.write');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BoAgent | undefined>();
  const [notice, setNotice] = useState('');
  // A new key after each save gives an empty form for the next member.
  const [formKey, setFormKey] = useState(0);
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (q.trim()) query.set('q', q.trim());
  const list = useQuery({
    queryKey: [LIST_KEY, query.toString()],
    queryFn: () => boFetch<BoAgentPage>(`/bo/api/agents?${query.toString()}`),
  });
  const remove = useMutation({
    mutationFn: (userName: string) =>
      boFetch(`/bo/api/agents/${encodeURIComponent(userName)}`, { method: 'DELETE' }),
    onSuccess: (_r, userName) => {
      setNotice(t('agents.removed', { userName }));
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY] });
    },
  });
  const when = new Intl.DateTimeFormat(i18n.language === 'EN' ? 'en' : undefined, { dateStyle: 'medium' });
  const data = list.data;
  return (
    <>
      <div className="page-head">
        <h1>{t('agents.title')}</h1>
      </div>
      {canWrite && (
        <AgentForm
          key={editing?.userName ?? `new-${formKey}`}
          editing={editing}
          onDone={() => {
            setNotice(editing ? t('agents.saved') : t('agents.made'));
            setEditing(undefined);
            setFormKey((k) => k + 1);
          }}
        />
      )}
      {notice && (
        <p className="notice-ok" role="status">
          {notice}
        </p>
      )}
      <div className="card section">
        <label className="field">
          <span>{t('agents.search')}</span>
          <input
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        </label>
        {list.error && <p className="alert">{list.error.message}</p>}
        {remove.error && <p className="alert">{remove.error.message}</p>}
        {data && data.items.length === 0 ? (
          <p className="empty">{t('agents.empty')}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th>{t('agents.userName')}</th>
                <th className="num">{t('agents.type')}</th>
                <th className="num">{t('agents.level')}</th>
                <th>{t('agents.code')}</th>
                <th>{t('agents.upline')}</th>
                <th className="num">{t('agents.direct')}</th>
                <th className="num">{t('agents.team')}</th>
                <th>{t('agents.since')}</th>
                {canWrite && <th />}
              </tr>
            </thead>
            <tbody>
              {data?.items.map((a) => (
                <tr key={a.memberId}>
                  <td className="mono">{a.userName}</td>
                  <td className="num">{a.type}</td>
                  <td className="num">{a.level}</td>
                  <td className="mono">{a.code}</td>
                  <td className="mono">{a.upline ?? '—'}</td>
                  <td className="num">{a.direct}</td>
                  <td className="num">{a.team}</td>
                  <td className="nowrap">{when.format(a.createdAt)}</td>
                  {canWrite && (
                    <td className="nowrap">
                      <button type="button" className="btn" onClick={() => setEditing(a)}>
                        {t('agents.edit')}
                      </button>{' '}
                      <button
                        type="button"
                        className="btn"
                        disabled={remove.isPending}
                        onClick={() => {
                          if (window.confirm(t('agents.removeConfirm', { userName: a.userName })))
                            remove.mutate(a.userName);
                        }}
                      >
                        {t('agents.remove')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager
          page={
            data && {
              pageNo: data.page,
              totalPages: Math.ceil(data.total / data.pageSize),
              totalCount: data.total,
            }
          }
          onPage={setPage}
        />
      </div>
    </>
  );
}
