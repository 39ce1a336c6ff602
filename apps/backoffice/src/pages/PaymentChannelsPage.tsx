import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHANNEL_KINDS,
  CHANNEL_METHODS,
  type ChannelKind,
  type ChannelMethod,
  type PaymentChannel,
  type PaymentChannelCreate,
  type PaymentSettings,
} from '@playhouse/contract/payments';
import { ApiError, boFetch } from '../api.ts';
import { FormActions } from './FormActions.tsx';
import { TextField } from './TextField.tsx';
import './money.css';
import { useStaffRole } from './use-staff-role.ts';
import { useSettingsDraft } from './use-settings-draft.ts';
import { EmptyRow } from './Pager.tsx';

interface Draft {
  kind: ChannelKind;
  gatewayCode: string;
  method: ChannelMethod;
  name: string;
  min: string;
  max: string;
  feePercent: string;
  bonusPercent: string;
  allDay: boolean;
  open: string;
  close: string;
  timeZone: string;
  bankName: string;
  accountName: string;
  accountNo: string;
  branch: string;
  enabled: boolean;
  sortOrder: string;
}

const EMPTY: Draft = {
  kind: 'BANK_TRANSFER',
  gatewayCode: '',
  method: 'BANK',
  name: '',
  min: '100.00',
  max: '50000.00',
  feePercent: '0',
  bonusPercent: '0',
  allDay: true,
  open: '09:00',
  close: '21:00',
  timeZone: 'UTC',
  bankName: '',
  accountName: '',
  accountNo: '',
  branch: '',
  enabled: true,
  sortOrder: '0',
};

function toDraft(c: PaymentChannel): Draft {
  return {
    kind: c.kind,
    gatewayCode: c.gatewayCode ?? '',
    method: c.method,
    name: c.name,
    min: c.min,
    max: c.max,
    feePercent: c.feePercent,
    bonusPercent: c.bonusPercent,
    allDay: !c.hours,
    open: c.hours?.open ?? '09:00',
    close: c.hours?.close ?? '21:00',
    timeZone: c.hours?.timeZone ?? 'UTC',
    bankName: c.bank?.bankName ?? '',
    accountName: c.bank?.accountName ?? '',
    accountNo: c.bank?.accountNo ?? '',
    branch: c.bank?.branch ?? '',
    enabled: c.enabled,
    sortOrder: String(c.sortOrder),
  };
}

function toBody(d: Draft): PaymentChannelCreate {
  const transfer = d.kind === 'BANK_TRANSFER';
  return {
    kind: d.kind,
    gatewayCode: transfer ? null : d.gatewayCode.trim(),
    method: d.method,
    name: d.name.trim(),
    min: d.min.trim(),
    max: d.max.trim(),
    feePercent: d.feePercent.trim() || '0',
    bonusPercent: d.bonusPercent.trim() || '0',
    hours: d.allDay ? null : { open: d.open, close: d.close, timeZone: d.timeZone.trim() },
    bank: transfer
      ? {
          bankName: d.bankName.trim(),
          accountName: d.accountName.trim(),
          accountNo: d.accountNo.trim(),
          ...(d.branch.trim() ? { branch: d.branch.trim() } : {}),
        }
      : null,
    enabled: d.enabled,
    sortOrder: Number(d.sortOrder) || 0,
  };
}

/** Creates a channel or edits one (its kind is fixed once created). */
function ChannelForm({ editing, onDone }: { editing: PaymentChannel | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (editing ? toDraft(editing) : EMPTY));
  const save = useMutation({
    mutationFn: (body: PaymentChannelCreate) => {
      if (!editing) return boFetch<PaymentChannel>('/bo/api/payment-channels', { method: 'POST', body });
      const { kind: _kind, ...update } = body;
      return boFetch<PaymentChannel>(`/bo/api/payment-channels/${editing.id}`, {
        method: 'PUT',
        body: update,
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['payment-channels'] });
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
    save.mutate(toBody(draft));
  };
  const transfer = draft.kind === 'BANK_TRANSFER';
  return (
    <form className="card section channel-form" onSubmit={submit} aria-labelledby="channel-form-title">
      <h2 id="channel-form-title">
        {editing ? t('channels.edit', { name: editing.name }) : t('channels.new')}
      </h2>
      <div className="grid-3">
        <label className="field">
          <span>{t('channels.kind')}</span>
          <select
            value={draft.kind}
            disabled={Boolean(editing)}
            onChange={(e) => set('kind')(e.target.value as ChannelKind)}
          >
            {CHANNEL_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`money.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('channels.method')}</span>
          <select value={draft.method} onChange={(e) => set('method')(e.target.value as ChannelMethod)}>
            {CHANNEL_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`channels.methods.${m}`)}
              </option>
            ))}
          </select>
        </label>
        {text('name', t('channels.name'), { required: true, maxLength: 64 })}
        {!transfer && text('gatewayCode', t('channels.gateway'), { required: true, placeholder: 'REFPAY' })}
        {text('min', t('channels.min'), { required: true, inputMode: 'decimal' })}
        {text('max', t('channels.max'), { required: true, inputMode: 'decimal' })}
        {text('feePercent', t('channels.fee'), { inputMode: 'decimal' })}
        {text('bonusPercent', t('channels.bonus'), { inputMode: 'decimal' })}
        {text('sortOrder', t('channels.order'), { inputMode: 'numeric' })}
      </div>
      <label className="toggle">
        <input type="checkbox" checked={draft.allDay} onChange={(e) => set('allDay')(e.target.checked)} />
        {t('channels.allDay')}
      </label>
      {!draft.allDay && (
        <div className="grid-3">
          {text('open', t('channels.open'), { type: 'time', required: true })}
          {text('close', t('channels.close'), { type: 'time', required: true })}
          {text('timeZone', t('channels.timeZone'), { required: true, placeholder: 'Asia/Manila' })}
        </div>
      )}
      {transfer && (
        <>
          <h3>{t('channels.bank')}</h3>
          <div className="grid-3">
            {text('bankName', t('channels.bankName'), { required: true })}
            {text('accountName', t('channels.accountName'), { required: true })}
            {text('accountNo', t('channels.accountNo'), { required: true })}
            {text('branch', t('channels.branch'))}
          </div>
        </>
      )}
      <label className="toggle">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled')(e.target.checked)} />
        {t('channels.enabled')}
      </label>
      <FormActions
        save={save}
        onCancel={onDone}
        cancelLabel={t('money.cancel')}
        saveLabel={t('channels.save')}
      />
    </form>
  );
}

/** Withdrawal limits, turnover multipliers and the operator's time zone for "a day". */
function PaymentSettingsForm() {
  const { t } = useTranslation();
  const { settings, draft, current, setDraft, save } = useSettingsDraft<PaymentSettings>(
    'payment-settings',
    '/bo/api/payment-settings',
  );
  if (!current) return settings.error ? <p className="alert">{settings.error.message}</p> : null;
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const setW = (key: keyof PaymentSettings['withdrawal'], value: string) =>
    setDraft({
      ...current,
      withdrawal: { ...current.withdrawal, [key]: key === 'dailyCount' ? Number(value) || 0 : value },
    });
  const setT = (key: keyof PaymentSettings['turnover'], value: string) =>
    setDraft({ ...current, turnover: { ...current.turnover, [key]: Number(value) || 0 } });
  return (
    <form
      className="card section"
      aria-labelledby="payment-settings-title"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(current);
      }}
    >
      <h2 id="payment-settings-title">{t('channels.settingsTitle')}</h2>
      <div className="grid-2">
        <label className="field">
          <span>{t('channels.withdrawMin')}</span>
          <input
            value={current.withdrawal.min}
            onChange={(e) => setW('min', e.target.value)}
            inputMode="decimal"
          />
        </label>
        <label className="field">
          <span>{t('channels.withdrawMax')}</span>
          <input
            value={current.withdrawal.max}
            onChange={(e) => setW('max', e.target.value)}
            inputMode="decimal"
          />
        </label>
        <label className="field">
          <span>{t('channels.dailyCount')}</span>
          <input
            type="number"
            min={0}
            value={current.withdrawal.dailyCount}
            onChange={(e) => setW('dailyCount', e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('channels.dailyAmount')}</span>
          <input
            value={current.withdrawal.dailyAmount}
            onChange={(e) => setW('dailyAmount', e.target.value)}
            inputMode="decimal"
          />
        </label>
        <label className="field">
          <span>{t('channels.depositMultiplier')}</span>
          <input
            type="number"
            min={0}
            step="0.1"
            value={current.turnover.depositMultiplier}
            onChange={(e) => setT('depositMultiplier', e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('channels.bonusMultiplier')}</span>
          <input
            type="number"
            min={0}
            step="0.1"
            value={current.turnover.bonusMultiplier}
            onChange={(e) => setT('bonusMultiplier', e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('channels.timeZone')}</span>
          <input
            value={current.timeZone}
            onChange={(e) => setDraft({ ...current, timeZone: e.target.value })}
          />
        </label>
        <TextField
          label={t('channels.approvalAbove')}
          errors={fields['adjustments.approvalAbove']}
          name="approvalAbove"
          inputMode="decimal"
          value={current.adjustments.approvalAbove}
          onChange={(e) => setDraft({ ...current, adjustments: { approvalAbove: e.target.value } })}
        />
        <p className="hint">{t('channels.approvalAboveHint')}</p>
      </div>
      {save.error && <p className="alert">{save.error.message}</p>}
      {save.isSuccess && !draft && (
        <p className="notice-ok" role="status">
          {t('channels.saved')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={!draft || save.isPending}>
          {t('channels.save')}
        </button>
      </div>
    </form>
  );
}

/** Payment channels: what members can deposit through, with limits, fee or bonus and hours. */
export function PaymentChannelsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<PaymentChannel | 'new'>();
  // Finance reads channels and settings; only admins change them (decision 018).
  const { can } = useStaffRole();
  const canConfigure = can('money.configure');
  const channels = useQuery({
    queryKey: ['payment-channels'],
    queryFn: () => boFetch<PaymentChannel[]>('/bo/api/payment-channels'),
  });
  return (
    <section>
      <div className="page-head">
        <h1>{t('channels.title')}</h1>
        {canConfigure && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('channels.add')}
          </button>
        )}
      </div>
      {editing && (
        <ChannelForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(undefined)}
        />
      )}
      {channels.error && <p className="alert">{channels.error.message}</p>}
      <table className="table stack-narrow section">
        <thead>
          <tr>
            <th>{t('channels.name')}</th>
            <th>{t('channels.kind')}</th>
            <th className="amount">{t('channels.limits')}</th>
            <th>{t('channels.feeBonus')}</th>
            <th>{t('channels.hours')}</th>
            <th>{t('channels.state')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {channels.data?.map((c) => (
            <tr key={c.id}>
              <td data-label={t('channels.name')}>
                {c.name}
                {c.bank && (
                  <span className="block muted">
                    {c.bank.bankName} · <span className="mono">{c.bank.accountNo}</span>
                  </span>
                )}
              </td>
              <td data-label={t('channels.kind')}>
                {t(`money.kind.${c.kind}`)}
                <span className="block muted">
                  {t(`channels.methods.${c.method}`)}
                  {c.gatewayCode ? ` · ${c.gatewayCode}` : ''}
                </span>
              </td>
              <td data-label={t('channels.limits')} className="amount mono">
                {c.min} – {c.max}
              </td>
              <td data-label={t('channels.feeBonus')} className="mono">
                {c.feePercent}% / {c.bonusPercent}%
              </td>
              <td data-label={t('channels.hours')} className="mono">
                {c.hours ? `${c.hours.open}–${c.hours.close} ${c.hours.timeZone}` : t('channels.allDay')}
              </td>
              <td data-label={t('channels.state')}>
                <span className={c.enabled ? 'badge badge-on' : 'badge badge-off'}>
                  {c.enabled ? t('channels.on') : t('channels.off')}
                </span>
              </td>
              <td>
                {canConfigure && (
                  <button type="button" className="btn" onClick={() => setEditing(c)}>
                    {t('channels.editButton')}
                  </button>
                )}
              </td>
            </tr>
          ))}
          {channels.data?.length === 0 && <EmptyRow colSpan={7} />}
        </tbody>
      </table>
      {canConfigure && <PaymentSettingsForm />}
    </section>
  );
}
