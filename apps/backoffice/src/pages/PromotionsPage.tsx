import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage, LANGUAGES } from '@playhouse/contract/languages';
import {
  APPLICATION_STATUSES,
  ISSUANCE_MODES,
  PROMOTION_CATEGORIES,
  PROMOTION_KINDS,
  type BoApplication,
  type BoDecision,
  type BoPromotion,
  type BoPromotionInput,
} from '@playhouse/contract/promotions';
import { ApiError, boFetch, type Page } from '../api.ts';
import { Decided, DecisionButtons, type Decision } from './DecisionDialog.tsx';
import { EmptyRow, formatTime, Pager } from './Pager.tsx';
import { StatusSelect } from './StatusSelect.tsx';
import './money.css';
import { useStaffRole } from './use-staff-role.ts';

const errorText = (error: unknown) =>
  error instanceof ApiError
    ? [error.message, ...Object.entries(error.fields ?? {}).map(([f, m]) => `${f}: ${m.join(', ')}`)].join(
        ' ',
      )
    : error instanceof Error
      ? error.message
      : undefined;

/** An epoch-ms instant as the value of a datetime-local input (local time), and back. */
const toLocalInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => new Date(value).getTime();

type Draft = Omit<BoPromotionInput, 'startDate' | 'endDate' | 'texts'> & {
  start: string;
  end: string;
  longTerm: boolean;
  texts: { code: string; title: string; content: string }[];
};

const emptyDraft = (): Draft => ({
  categoryId: 2,
  kind: 'DEPOSIT',
  issuance: 'AUTO',
  percent: '10',
  maxAmount: '100.00',
  minDeposit: '50.00',
  turnoverMultiple: '5',
  imageUrl: null,
  sortOrder: 0,
  closed: false,
  start: toLocalInput(Date.now()),
  end: '',
  longTerm: true,
  texts: [{ code: 'EN', title: '', content: '' }],
});

const draftOf = (p: BoPromotion): Draft => ({
  categoryId: p.categoryId as Draft['categoryId'],
  kind: p.kind,
  issuance: p.issuance,
  percent: p.percent,
  maxAmount: p.maxAmount,
  minDeposit: p.minDeposit,
  turnoverMultiple: p.turnoverMultiple,
  imageUrl: p.imageUrl,
  sortOrder: p.sortOrder,
  closed: p.closed,
  start: toLocalInput(p.startDate),
  end: p.endDate === null ? '' : toLocalInput(p.endDate),
  longTerm: p.endDate === null,
  texts: Object.entries(p.texts).map(([code, x]) => ({ code, ...x })),
});

const inputOf = (d: Draft): BoPromotionInput => ({
  categoryId: d.categoryId,
  kind: d.kind,
  issuance: d.issuance,
  percent: d.kind === 'FREE_MONEY' ? '0' : d.percent,
  maxAmount: d.maxAmount,
  minDeposit: d.kind === 'FREE_MONEY' ? '0' : d.minDeposit,
  turnoverMultiple: d.turnoverMultiple,
  imageUrl: d.imageUrl?.trim() ? d.imageUrl.trim() : null,
  sortOrder: d.sortOrder,
  closed: d.closed,
  startDate: fromLocalInput(d.start),
  endDate: d.longTerm || !d.end ? null : fromLocalInput(d.end),
  texts: Object.fromEntries(d.texts.map((x) => [x.code, { title: x.title, content: x.content }])),
});

/** Create or change a promotion: rule, dates (or long term), texts per language, picture. */
function PromotionForm({ editing, onDone }: { editing: BoPromotion | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing) : emptyDraft()));
  const save = useMutation({
    mutationFn: (input: BoPromotionInput) =>
      boFetch<BoPromotion>(editing ? `/bo/api/promotions/${editing.id}` : '/bo/api/promotions', {
        method: editing ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['promotions'] });
      onDone();
    },
  });
  const set =
    <K extends keyof Draft>(key: K, map: (v: string) => Draft[K] = (v) => v as Draft[K]) =>
    (e: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: map(e.target.value) }));
  const setText = (i: number, key: 'code' | 'title' | 'content', value: string) =>
    setDraft((d) => ({ ...d, texts: d.texts.map((x, j) => (j === i ? { ...x, [key]: value } : x)) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(inputOf(draft));
  };
  const free = draft.kind === 'FREE_MONEY';
  const unused = LANGUAGES.filter((l) => !draft.texts.some((x) => x.code === l.code));

  return (
    <form className="card section promo-form" onSubmit={submit} aria-label={t('promotions.formTitle')}>
      <h2>{editing ? t('promotions.editTitle', { id: editing.id }) : t('promotions.createTitle')}</h2>
      <div className="filters">
        <label className="field">
          <span>{t('promotions.category')}</span>
          <select
            value={draft.categoryId}
            onChange={set('categoryId', (v) => Number(v) as Draft['categoryId'])}
          >
            {PROMOTION_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {t(`promotions.categories.${c.key}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('promotions.kind')}</span>
          <select value={draft.kind} onChange={set('kind', (v) => v as Draft['kind'])}>
            {PROMOTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`promotions.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('promotions.issuance')}</span>
          <select value={draft.issuance} onChange={set('issuance', (v) => v as Draft['issuance'])}>
            {ISSUANCE_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`promotions.issuanceModes.${m}`)}
              </option>
            ))}
          </select>
        </label>
        {!free && (
          <label className="field">
            <span>{t('promotions.percent')}</span>
            <input inputMode="decimal" value={draft.percent} onChange={set('percent')} required />
          </label>
        )}
        <label className="field">
          <span>{free ? t('promotions.fixedAmount') : t('promotions.cap')}</span>
          <input inputMode="decimal" value={draft.maxAmount} onChange={set('maxAmount')} required />
        </label>
        {!free && (
          <label className="field">
            <span>{t('promotions.minDeposit')}</span>
            <input inputMode="decimal" value={draft.minDeposit} onChange={set('minDeposit')} />
          </label>
        )}
        <label className="field">
          <span>{t('promotions.turnoverMultiple')}</span>
          <input
            inputMode="decimal"
            value={draft.turnoverMultiple}
            onChange={set('turnoverMultiple')}
            required
          />
        </label>
      </div>
      <div className="filters">
        <label className="field">
          <span>{t('promotions.start')}</span>
          <input type="datetime-local" value={draft.start} onChange={set('start')} required />
        </label>
        <label className="toggle">
          <input
            type="checkbox"
            checked={draft.longTerm}
            onChange={(e) => setDraft((d) => ({ ...d, longTerm: e.target.checked }))}
          />
          {t('promotions.longTerm')}
        </label>
        {!draft.longTerm && (
          <label className="field">
            <span>{t('promotions.end')}</span>
            <input type="datetime-local" value={draft.end} onChange={set('end')} required />
          </label>
        )}
        <label className="field">
          <span>{t('promotions.imageUrl')}</span>
          <input
            value={draft.imageUrl ?? ''}
            onChange={set('imageUrl', (v) => v || null)}
            placeholder="/lgw/art/banners/….webp"
          />
        </label>
        <label className="field">
          <span>{t('promotions.sortOrder')}</span>
          <input
            type="number"
            min={0}
            value={draft.sortOrder}
            onChange={set('sortOrder', (v) => Number(v) || 0)}
          />
        </label>
      </div>
      {draft.texts.map((x, i) => (
        <fieldset key={x.code} className="promo-text">
          <legend>{findLanguage(x.code)?.name ?? x.code}</legend>
          <label className="field">
            <span>{t('promotions.title')}</span>
            <input
              value={x.title}
              onChange={(e) => setText(i, 'title', e.target.value)}
              required
              maxLength={200}
            />
          </label>
          <label className="field">
            <span>{t('promotions.content')}</span>
            <textarea rows={5} value={x.content} onChange={(e) => setText(i, 'content', e.target.value)} />
          </label>
          {x.code !== 'EN' && (
            <button
              type="button"
              className="btn"
              onClick={() => setDraft((d) => ({ ...d, texts: d.texts.filter((_, j) => j !== i) }))}
            >
              {t('promotions.removeLanguage')}
            </button>
          )}
        </fieldset>
      ))}
      {unused.length > 0 && (
        <label className="field">
          <span>{t('promotions.addLanguage')}</span>
          <select
            value=""
            onChange={(e) =>
              e.target.value &&
              setDraft((d) => ({
                ...d,
                texts: [...d.texts, { code: e.target.value, title: '', content: '' }],
              }))
            }
          >
            <option value="">—</option>
            {unused.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="muted">{t('promotions.htmlNote')}</p>
      {save.error && (
        <p className="alert" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <div className="actions">
        {editing && (
          <button type="button" className="btn" onClick={onDone}>
            {t('money.cancel')}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('promotions.save')}
        </button>
      </div>
    </form>
  );
}

/** Every promotion, its rule, dates and applications; edit or close one. */
function PromotionList({ onEdit }: { onEdit: (p: BoPromotion) => void }) {
  const canWrite = useStaffRole().can('promotions.write');
  const { t, i18n } = useTranslation();
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['promotions', 'list'],
    queryFn: () => boFetch<BoPromotion[]>('/bo/api/promotions'),
  });
  const close = useMutation({
    mutationFn: (id: number) => boFetch<BoPromotion>(`/bo/api/promotions/${id}/close`, { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['promotions'] }),
  });
  return (
    <section className="section" aria-label={t('promotions.listTitle')}>
      <h2>{t('promotions.listTitle')}</h2>
      {list.error && <p className="alert">{errorText(list.error)}</p>}
      {close.error && <p className="alert">{errorText(close.error)}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            <th>{t('promotions.title')}</th>
            <th>{t('promotions.rule')}</th>
            <th>{t('promotions.period')}</th>
            <th>{t('promotions.applications')}</th>
            <th>{t('money.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.map((p) => (
            <tr key={p.id}>
              <td data-label={t('promotions.title')}>
                {p.texts.EN?.title}
                <span className="block muted">
                  #{p.id} ·{' '}
                  {t(
                    `promotions.categories.${PROMOTION_CATEGORIES.find((c) => c.id === p.categoryId)?.key ?? 'more'}`,
                  )}
                  {p.closed && ` · ${t('promotions.closed')}`}
                </span>
              </td>
              <td data-label={t('promotions.rule')}>
                {t(`promotions.kinds.${p.kind}`)} · {t(`promotions.issuanceModes.${p.issuance}`)}
                <span className="block muted mono">
                  {p.kind === 'FREE_MONEY'
                    ? t('promotions.ruleFree', { amount: p.maxAmount, multiple: p.turnoverMultiple })
                    : t('promotions.ruleDeposit', {
                        percent: p.percent,
                        cap: p.maxAmount,
                        min: p.minDeposit,
                        multiple: p.turnoverMultiple,
                      })}
                </span>
              </td>
              <td data-label={t('promotions.period')} className="nowrap">
                {formatTime(p.startDate, tag)}
                <span className="block muted">
                  {p.endDate === null ? t('promotions.longTerm') : formatTime(p.endDate, tag)}
                </span>
              </td>
              <td data-label={t('promotions.applications')}>{t('promotions.counts', p.applications)}</td>
              <td data-label={t('money.actions')}>
                <span className="row-actions">
                  {canWrite && (
                    <button type="button" className="btn" onClick={() => onEdit(p)}>
                      {t('promotions.edit')}
                    </button>
                  )}
                  {!p.closed && canWrite && (
                    <button
                      type="button"
                      className="btn btn-danger"
                      disabled={close.isPending}
                      onClick={() => window.confirm(t('promotions.closeConfirm')) && close.mutate(p.id)}
                    >
                      {t('promotions.close')}
                    </button>
                  )}
                </span>
              </td>
            </tr>
          ))}
          {list.data?.length === 0 && <EmptyRow colSpan={5} />}
        </tbody>
      </table>
    </section>
  );
}

/** Approve (with the amount, at most the cap) or reject (with a reason the member sees). */
function ApplicationDialog({
  row,
  decision,
  onClose,
}: {
  row: BoApplication;
  decision: Decision;
  onClose: (outcome?: BoDecision) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(decision === 'approve' ? (row.amount ?? '') : '');
  const decide = useMutation({
    mutationFn: () =>
      boFetch<BoDecision>(`/bo/api/promotion-applications/${encodeURIComponent(row.id)}/${decision}`, {
        method: 'POST',
        body: decision === 'approve' ? (value ? { amount: value } : {}) : { reason: value.trim() },
      }),
    onSuccess: (outcome) => onClose(outcome),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['promotions'] }),
  });
  const reject = decision === 'reject';
  return (
    <div className="dialog-backdrop" onClick={() => onClose()}>
      <form
        className="card dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="application-title"
        onClick={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault();
          decide.mutate();
        }}
      >
        <h2 id="application-title">{reject ? t('promotions.rejectTitle') : t('promotions.approveTitle')}</h2>
        <div className="dialog-summary">
          <strong>
            {row.userName} · {row.promotionTitle}
          </strong>
          <span className="mono muted">{row.id}</span>
        </div>
        {reject ? (
          <label className="field">
            <span>{t('money.reasonRequired')}</span>
            <textarea
              rows={3}
              maxLength={200}
              required
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoFocus
            />
          </label>
        ) : (
          <label className="field">
            <span>{t('promotions.amountUpTo', { max: row.maxAmount })}</span>
            <input
              inputMode="decimal"
              required
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoFocus
            />
          </label>
        )}
        {decide.error && (
          <p className="alert" role="alert">
            {errorText(decide.error)}
          </p>
        )}
        <div className="actions">
          <button type="button" className="btn" onClick={() => onClose()}>
            {t('money.cancel')}
          </button>
          <button
            type="submit"
            className={reject ? 'btn btn-danger' : 'btn btn-primary'}
            disabled={decide.isPending || !value.trim()}
          >
            {reject ? t('money.confirmReject') : t('money.confirmApprove')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** Members' applications by status, newest first, with their decisions. */
function Applications() {
  const canDecide = useStaffRole().can('promotions.decide');
  const { t, i18n } = useTranslation();
  const tag = findLanguage(i18n.language)?.tag ?? 'en';
  const [status, setStatus] = useState<string>('PENDING');
  const [pageNo, setPageNo] = useState(1);
  const [deciding, setDeciding] = useState<{ row: BoApplication; decision: Decision }>();
  const [outcome, setOutcome] = useState<string>();
  const list = useQuery({
    queryKey: ['promotions', 'applications', status, pageNo],
    queryFn: () =>
      boFetch<Page<BoApplication>>(
        `/bo/api/promotion-applications?${new URLSearchParams({ ...(status ? { status } : {}), pageNo: String(pageNo), pageSize: '20' }).toString()}`,
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="section" aria-label={t('promotions.applicationsTitle')}>
      <h2>{t('promotions.applicationsTitle')}</h2>
      <div className="filters">
        <label className="field">
          <span>{t('money.statusFilter')}</span>
          <StatusSelect
            statuses={APPLICATION_STATUSES}
            statusLabel={(s) => t(`promotions.status.${s}`)}
            value={status}
            onChange={(s) => {
              setPageNo(1);
              setStatus(s);
            }}
          />
        </label>
        <button type="button" className="btn" onClick={() => void list.refetch()}>
          {t('table.refresh')}
        </button>
      </div>
      {outcome && (
        <p className="notice-ok" role="status">
          {outcome}
        </p>
      )}
      {list.error && <p className="alert">{errorText(list.error)}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            <th>{t('table.time')}</th>
            <th>{t('money.member')}</th>
            <th>{t('promotions.promotion')}</th>
            <th className="amount">{t('promotions.bonus')}</th>
            <th>{t('money.statusFilter')}</th>
            <th>{t('money.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((row) => (
            <tr key={row.id}>
              <td data-label={t('table.time')} className="nowrap">
                {formatTime(row.createdAt, tag)}
                <span className="block mono muted">{row.id}</span>
              </td>
              <td data-label={t('money.member')}>{row.userName}</td>
              <td data-label={t('promotions.promotion')}>
                {row.promotionTitle}
                <span className="block muted">
                  {t(`promotions.kinds.${row.kind}`)}
                  {row.depositAmount && ` · ${t('promotions.depositOf', { amount: row.depositAmount })}`}
                </span>
              </td>
              <td data-label={t('promotions.bonus')} className="amount mono">
                {row.amount ?? '—'}
                <span className="block muted">{t('promotions.max', { max: row.maxAmount })}</span>
              </td>
              <td data-label={t('money.statusFilter')}>
                <span className={`status status-${row.status === 'ISSUED' ? 'APPROVED' : row.status}`}>
                  {t(`promotions.status.${row.status}`)}
                </span>
                {(row.decidedBy || row.reason) && (
                  <Decided by={row.decidedBy} at={row.decidedAt} reason={row.reason} tag={tag} />
                )}
              </td>
              <td data-label={t('money.actions')}>
                {row.status === 'PENDING' && canDecide && (
                  <DecisionButtons
                    approveLabel={t('money.approve')}
                    rejectLabel={t('money.reject')}
                    onDecide={(decision) => setDeciding({ row, decision })}
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
        <ApplicationDialog
          row={deciding.row}
          decision={deciding.decision}
          onClose={(result) => {
            setDeciding(undefined);
            if (result)
              setOutcome(
                t(result.duplicate ? 'promotions.alreadyDone' : 'promotions.done', {
                  id: result.id,
                  status: t(`promotions.status.${result.status}`),
                }),
              );
          }}
        />
      )}
    </section>
  );
}

/** Promotions: the applications waiting for a decision, every promotion, and the promotion form. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const canWrite = useStaffRole().can('promotions.write');
  const [editing, setEditing] = useState<BoPromotion>();
  // A new key starts the form afresh: after a save, or when another promotion is picked.
  const [saved, setSaved] = useState(0);
  return (
    <section>
      <div className="page-head">
        <h1>{t('promotions.heading')}</h1>
      </div>
      <Applications />
      <PromotionList
        onEdit={(p) => {
          setEditing(p);
          document.querySelector('.promo-form')?.scrollIntoView({ behavior: 'smooth' });
        }}
      />
      {canWrite && (
        <PromotionForm
          key={`${editing?.id ?? 'new'}-${saved}`}
          editing={editing}
          onDone={() => {
            setEditing(undefined);
            setSaved((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}
