import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REBATE_CATEGORIES, type VipRank, type VipRankBody } from '@playhouse/contract/vip';
import { ApiError, boFetch } from '../api.ts';
import { FormActions } from './FormActions.tsx';
import { TextField } from './TextField.tsx';
import { EmptyRow } from './Pager.tsx';
import { useStaffRole } from './use-staff-role.ts';

type Draft = Omit<VipRankBody, 'withdrawDailyCount' | 'withdrawDailyAmount' | 'rebateRates'> & {
  level: string;
  withdrawDailyCount: string;
  withdrawDailyAmount: string;
  rates: Record<string, string>;
};

const EMPTY: Draft = {
  level: '',
  name: '',
  minDeposit: '0.00',
  minTurnover: '0.00',
  upgradeBonus: '0.00',
  birthdayBonus: '0.00',
  withdrawDailyCount: '',
  withdrawDailyAmount: '',
  rates: {},
};

function toDraft(r: VipRank): Draft {
  return {
    level: String(r.level),
    name: r.name,
    minDeposit: r.minDeposit,
    minTurnover: r.minTurnover,
    upgradeBonus: r.upgradeBonus,
    birthdayBonus: r.birthdayBonus,
    withdrawDailyCount: r.withdrawDailyCount === null ? '' : String(r.withdrawDailyCount),
    withdrawDailyAmount: r.withdrawDailyAmount ?? '',
    rates: { ...r.rebateRates },
  };
}

function toBody(d: Draft): VipRankBody {
  const rebateRates: Record<string, string> = {};
  for (const [category, percent] of Object.entries(d.rates))
    if (percent.trim() && Number(percent) > 0) rebateRates[category] = percent.trim();
  return {
    name: d.name.trim(),
    minDeposit: d.minDeposit.trim(),
    minTurnover: d.minTurnover.trim(),
    upgradeBonus: d.upgradeBonus.trim(),
    birthdayBonus: d.birthdayBonus.trim(),
    // Empty: the operator's payment settings apply.
    withdrawDailyCount: d.withdrawDailyCount.trim() ? Number(d.withdrawDailyCount) : null,
    withdrawDailyAmount: d.withdrawDailyAmount.trim() || null,
    rebateRates,
  };
}

/** Adds a rank at a level or changes one (its level is fixed once created). */
function RankForm({ editing, onDone }: { editing: VipRank | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (editing ? toDraft(editing) : EMPTY));
  const save = useMutation({
    mutationFn: (d: Draft) =>
      boFetch<VipRank[]>(`/bo/api/vip/ranks/${Number(d.level)}`, { method: 'PUT', body: toBody(d) }),
    onSuccess: (ranks) => {
      queryClient.setQueryData(['vip-ranks'], ranks);
      onDone();
    },
  });
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const text = (key: Exclude<keyof Draft, 'rates'>, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
      errors={fieldErrors[key]}
      {...props}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft);
  };
  return (
    <form className="card section" onSubmit={submit} aria-labelledby="vip-form-title">
      <h2 id="vip-form-title">{editing ? t('vip.edit', { name: editing.name }) : t('vip.new')}</h2>
      <div className="grid-3">
        {text('level', t('vip.level'), {
          required: true,
          type: 'number',
          min: 0,
          max: 20,
          disabled: Boolean(editing),
        })}
        {text('name', t('vip.name'), { required: true, maxLength: 32 })}
        {text('minDeposit', t('vip.minDeposit'), { required: true, inputMode: 'decimal' })}
        {text('minTurnover', t('vip.minTurnover'), { required: true, inputMode: 'decimal' })}
        {text('upgradeBonus', t('vip.upgradeBonus'), { required: true, inputMode: 'decimal' })}
        {text('birthdayBonus', t('vip.birthdayBonus'), { required: true, inputMode: 'decimal' })}
        {text('withdrawDailyCount', t('vip.withdrawDailyCount'), { type: 'number', min: 1 })}
        {text('withdrawDailyAmount', t('vip.withdrawDailyAmount'), { inputMode: 'decimal' })}
      </div>
      <h3>{t('vip.rates')}</h3>
      <p className="muted">{t('vip.ratesHelp')}</p>
      <div className="grid-3">
        {REBATE_CATEGORIES.map((c) => (
          <label key={c} className="field">
            <span>{t(`vip.categories.${c}`)}</span>
            <input
              value={draft.rates[c] ?? ''}
              inputMode="decimal"
              placeholder="0.00"
              onChange={(e) => setDraft((d) => ({ ...d, rates: { ...d.rates, [c]: e.target.value } }))}
            />
          </label>
        ))}
      </div>
      <FormActions
        save={save}
        onCancel={onDone}
        cancelLabel={t('vip.cancel')}
        saveLabel={t('vip.save')}
        canSave={draft.level !== ''}
      />
    </form>
  );
}

/** VIP ranks: conditions (real deposits, valid bets), bonuses, withdrawal limits and rebate rates. */
export function VipRanksPage() {
  const { t } = useTranslation();
  const canWrite = useStaffRole().can('vip.write');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<VipRank | 'new'>();
  const ranks = useQuery({
    queryKey: ['vip-ranks'],
    queryFn: () => boFetch<VipRank[]>('/bo/api/vip/ranks'),
  });
  const remove = useMutation({
    mutationFn: (level: number) => boFetch<VipRank[]>(`/bo/api/vip/ranks/${level}`, { method: 'DELETE' }),
    onSuccess: (list) => queryClient.setQueryData(['vip-ranks'], list),
  });
  return (
    <section>
      <div className="page-head">
        <h1>{t('vip.title')}</h1>
        {canWrite && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('vip.add')}
          </button>
        )}
      </div>
      <p className="muted">{t('vip.intro')}</p>
      {editing && (
        <RankForm
          key={editing === 'new' ? 'new' : editing.level}
          editing={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(undefined)}
        />
      )}
      {ranks.error && <p className="alert">{ranks.error.message}</p>}
      {remove.error && <p className="alert">{remove.error.message}</p>}
      <table className="table stack-narrow section">
        <thead>
          <tr>
            <th>{t('vip.level')}</th>
            <th>{t('vip.name')}</th>
            <th className="amount">{t('vip.conditions')}</th>
            <th className="amount">{t('vip.bonuses')}</th>
            <th className="amount">{t('vip.withdrawals')}</th>
            <th>{t('vip.rates')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {ranks.data?.map((r) => (
            <tr key={r.level}>
              <td data-label={t('vip.level')} className="mono">
                {r.level}
              </td>
              <td data-label={t('vip.name')}>{r.name}</td>
              <td data-label={t('vip.conditions')} className="amount mono">
                {r.minDeposit}
                <span className="block muted">{r.minTurnover}</span>
              </td>
              <td data-label={t('vip.bonuses')} className="amount mono">
                {r.upgradeBonus}
                <span className="block muted">{r.birthdayBonus}</span>
              </td>
              <td data-label={t('vip.withdrawals')} className="amount mono">
                {r.withdrawDailyCount ?? '—'} × {r.withdrawDailyAmount ?? '—'}
              </td>
              <td data-label={t('vip.rates')}>
                {Object.entries(r.rebateRates)
                  .map(([c, p]) => `${t(`vip.categories.${c}`)} ${p}%`)
                  .join(' · ') || '—'}
              </td>
              <td>
                {canWrite && (
                  <div className="actions">
                    <button type="button" className="btn" onClick={() => setEditing(r)}>
                      {t('vip.editButton')}
                    </button>
                    <button
                      type="button"
                      className="btn"
                      disabled={remove.isPending}
                      onClick={() => {
                        if (window.confirm(t('vip.confirmDelete', { name: r.name }))) remove.mutate(r.level);
                      }}
                    >
                      {t('vip.delete')}
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
          {ranks.data?.length === 0 && <EmptyRow colSpan={7} />}
        </tbody>
      </table>
    </section>
  );
}
