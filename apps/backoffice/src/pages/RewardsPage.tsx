import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MISSION_TYPES,
  type CheckInSettings,
  type ClaimPage,
  type MissionAdmin,
  type MissionCreate,
  type MissionType,
} from '@playhouse/contract/rewards';
import { ApiError, boFetch } from '../api.ts';
import { FormActions } from './FormActions.tsx';
import { EmptyRow, Pager } from './Pager.tsx';
import { TextField } from './TextField.tsx';
import { useSettingsDraft } from './use-settings-draft.ts';
import './money.css';
import './rewards.css';
import { useStaffRole } from './use-staff-role.ts';

interface Draft {
  type: MissionType;
  target: string;
  reward: string;
  turnoverMultiple: string;
  active: boolean;
  sortOrder: string;
}

const EMPTY: Draft = {
  type: 'wager',
  target: '500.00',
  reward: '10.00',
  turnoverMultiple: '1',
  active: true,
  sortOrder: '0',
};

/** Adds a mission or edits one (its type is fixed once created). */
function MissionForm({ editing, onDone }: { editing: MissionAdmin | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() =>
    editing
      ? {
          type: editing.type,
          target: editing.target,
          reward: editing.reward,
          turnoverMultiple: String(editing.turnoverMultiple),
          active: editing.active,
          sortOrder: String(editing.sortOrder),
        }
      : EMPTY,
  );
  const save = useMutation({
    mutationFn: (body: MissionCreate) => {
      if (!editing) return boFetch<MissionAdmin>('/bo/api/rewards/missions', { method: 'POST', body });
      const { type: _type, ...update } = body;
      return boFetch<MissionAdmin>(`/bo/api/rewards/missions/${editing.id}`, { method: 'PUT', body: update });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['reward-missions'] });
      onDone();
    },
  });
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={draft[key] as string}
      onChange={(e) => set(key)(e.target.value as never)}
      errors={fieldErrors[key]}
      {...props}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      type: draft.type,
      target: draft.type === 'login' ? '1' : draft.target.trim(),
      reward: draft.reward.trim(),
      turnoverMultiple: Number(draft.turnoverMultiple) || 0,
      active: draft.active,
      sortOrder: Number(draft.sortOrder) || 0,
    });
  };
  return (
    <form className="card section rewards-form" onSubmit={submit} aria-labelledby="mission-form-title">
      <h2 id="mission-form-title">
        {editing ? t('rewards.editMission', { id: editing.id }) : t('rewards.newMission')}
      </h2>
      <div className="grid-3">
        <label className="field">
          <span>{t('rewards.type')}</span>
          <select
            value={draft.type}
            disabled={Boolean(editing)}
            onChange={(e) => set('type')(e.target.value as MissionType)}
          >
            {MISSION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`rewards.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        {draft.type !== 'login' &&
          text('target', t(`rewards.targetOf.${draft.type}`), { required: true, inputMode: 'decimal' })}
        {text('reward', t('rewards.reward'), { required: true, inputMode: 'decimal' })}
        {text('turnoverMultiple', t('rewards.turnoverMultiple'), { inputMode: 'decimal' })}
        {text('sortOrder', t('rewards.order'), { inputMode: 'numeric' })}
      </div>
      <label className="toggle">
        <input type="checkbox" checked={draft.active} onChange={(e) => set('active')(e.target.checked)} />
        {t('rewards.active')}
      </label>
      <FormActions
        save={save}
        onCancel={onDone}
        cancelLabel={t('money.cancel')}
        saveLabel={t('rewards.save')}
      />
    </form>
  );
}

/** The check-in: on or off, the reward of each streak day, the turnover multiple. */
function CheckInForm() {
  const { t } = useTranslation();
  const { settings, current, setDraft, save } = useSettingsDraft<CheckInSettings>(
    'reward-checkin',
    '/bo/api/rewards/checkin',
  );
  if (!current) return settings.error ? <p className="alert">{settings.error.message}</p> : null;
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const setDay = (i: number, value: string) =>
    setDraft({ ...current, days: current.days.map((d, j) => (j === i ? value : d)) });
  return (
    <form
      className="card section rewards-form"
      aria-labelledby="checkin-title"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(current);
      }}
    >
      <h2 id="checkin-title">{t('rewards.checkInTitle')}</h2>
      <label className="toggle">
        <input
          type="checkbox"
          checked={current.enabled}
          onChange={(e) => setDraft({ ...current, enabled: e.target.checked })}
        />
        {t('rewards.checkInEnabled')}
      </label>
      <div className="grid-3 rewards-days">
        {current.days.map((amount, i) => (
          <label className="field" key={i}>
            <span>{t('rewards.day', { day: i + 1 })}</span>
            <input
              value={amount}
              inputMode="decimal"
              onChange={(e) => setDay(i, e.target.value)}
              aria-invalid={fieldErrors[`days.${i}`] ? true : undefined}
            />
            {fieldErrors[`days.${i}`] && (
              <small className="field-error">{fieldErrors[`days.${i}`]?.join(', ')}</small>
            )}
          </label>
        ))}
        <label className="field">
          <span>{t('rewards.turnoverMultiple')}</span>
          <input
            value={current.turnoverMultiple}
            inputMode="decimal"
            onChange={(e) => setDraft({ ...current, turnoverMultiple: Number(e.target.value) || 0 })}
          />
        </label>
      </div>
      {save.error && !Object.keys(fieldErrors).length && <p className="alert">{save.error.message}</p>}
      <div className="actions">
        <button
          type="button"
          className="btn"
          disabled={current.days.length <= 1}
          onClick={() => setDraft({ ...current, days: current.days.slice(0, -1) })}
        >
          {t('rewards.removeDay')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={current.days.length >= 31}
          onClick={() => setDraft({ ...current, days: [...current.days, current.days.at(-1) ?? '1.00'] })}
        >
          {t('rewards.addDay')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('rewards.save')}
        </button>
      </div>
    </form>
  );
}

/** Paid rewards, newest first, optionally one member's. */
function Claims() {
  const { t } = useTranslation();
  const [userName, setUserName] = useState('');
  const [filter, setFilter] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const claims = useQuery({
    queryKey: ['reward-claims', filter, pageNo],
    queryFn: () =>
      boFetch<ClaimPage>(
        `/bo/api/rewards/claims?${new URLSearchParams({ userName: filter, pageNo: String(pageNo) })}`,
      ),
  });
  return (
    <section className="section" aria-labelledby="claims-title">
      <h2 id="claims-title">{t('rewards.claimsTitle')}</h2>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(userName.trim());
          setPageNo(1);
        }}
      >
        <label className="field">
          <span>{t('rewards.member')}</span>
          <input value={userName} onChange={(e) => setUserName(e.target.value)} />
        </label>
        <button type="submit" className="btn">
          {t('rewards.search')}
        </button>
      </form>
      {claims.error && <p className="alert">{claims.error.message}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            <th>{t('rewards.time')}</th>
            <th>{t('rewards.member')}</th>
            <th>{t('rewards.what')}</th>
            <th>{t('rewards.period')}</th>
            <th className="amount">{t('rewards.reward')}</th>
            <th className="amount">{t('rewards.turnover')}</th>
          </tr>
        </thead>
        <tbody>
          {claims.data?.list.map((c) => (
            <tr key={c.id}>
              <td data-label={t('rewards.time')} className="mono">
                {new Date(c.createdAt).toLocaleString()}
              </td>
              <td data-label={t('rewards.member')}>{c.userName}</td>
              <td data-label={t('rewards.what')}>
                {c.kind === 'checkin'
                  ? t('rewards.checkInDay', { day: c.streak ?? 1 })
                  : t(`rewards.types.${c.missionType ?? 'wager'}`)}
              </td>
              <td data-label={t('rewards.period')} className="mono">
                {c.period}
              </td>
              <td data-label={t('rewards.reward')} className="amount mono">
                {c.amount}
              </td>
              <td data-label={t('rewards.turnover')} className="amount mono">
                {c.turnover}
              </td>
            </tr>
          ))}
          {claims.data?.list.length === 0 && <EmptyRow colSpan={6} />}
        </tbody>
      </table>
      <Pager page={claims.data} onPage={setPageNo} />
    </section>
  );
}

/** Reward centre: daily missions, check-in rewards and the claims paid. */
export function RewardsPage() {
  const { t } = useTranslation();
  const canWrite = useStaffRole().can('rewards.write');
  const [editing, setEditing] = useState<MissionAdmin | 'new'>();
  const missions = useQuery({
    queryKey: ['reward-missions'],
    queryFn: () => boFetch<MissionAdmin[]>('/bo/api/rewards/missions'),
  });
  return (
    <section>
      <div className="page-head">
        <h1>{t('rewards.title')}</h1>
        {canWrite && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('rewards.addMission')}
          </button>
        )}
      </div>
      {editing && (
        <MissionForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(undefined)}
        />
      )}
      {missions.error && <p className="alert">{missions.error.message}</p>}
      <table className="table stack-narrow section">
        <thead>
          <tr>
            <th>{t('rewards.type')}</th>
            <th className="amount">{t('rewards.target')}</th>
            <th className="amount">{t('rewards.reward')}</th>
            <th>{t('rewards.turnoverMultiple')}</th>
            <th>{t('rewards.state')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {missions.data?.map((m) => (
            <tr key={m.id}>
              <td data-label={t('rewards.type')}>{t(`rewards.types.${m.type}`)}</td>
              <td data-label={t('rewards.target')} className="amount mono">
                {m.type === 'login' ? '—' : m.target}
              </td>
              <td data-label={t('rewards.reward')} className="amount mono">
                {m.reward}
              </td>
              <td data-label={t('rewards.turnoverMultiple')} className="mono">
                ×{m.turnoverMultiple}
              </td>
              <td data-label={t('rewards.state')}>
                <span className={m.active ? 'badge badge-on' : 'badge badge-off'}>
                  {m.active ? t('rewards.on') : t('rewards.off')}
                </span>
              </td>
              <td>
                {canWrite && (
                  <button type="button" className="btn" onClick={() => setEditing(m)}>
                    {t('rewards.edit')}
                  </button>
                )}
              </td>
            </tr>
          ))}
          {missions.data?.length === 0 && <EmptyRow colSpan={6} />}
        </tbody>
      </table>
      {canWrite && <CheckInForm />}
      <Claims />
    </section>
  );
}
