import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findLanguage } from '@playhouse/contract/languages';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_CHECK_CHOICES,
  SELF_EXCLUSION_CHOICES,
  TIMEOUT_CHOICES,
  type LimitKind,
  type LimitPeriod,
} from '@playhouse/contract/responsible-gambling-rules';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { useSession } from '../../session/session.ts';
import { Icon } from '../../shell/Icon.tsx';
import { Modal } from '../../shell/Modal.tsx';
import { showToast } from '../../shell/toast.tsx';
import { useLimits, useSelfExclude, useTakeBreak, useUpdateLimits, type Limits } from './api.ts';
import { breakLabel, changedLimits, exclusionLabel, formatUnit, periodLabel } from './rg-rules.ts';
import './rg.css';
import { currencySymbol } from '@playhouse/contract/money';
import { BreakBanner } from './BreakBanner.tsx';

/** Spec §6: type 4 is a trial account. */
const TRIAL_TYPE = 4;

const money = (amount: string) => formatMoney(Number(amount));

function useTag() {
  const { i18n } = useTranslation();
  return findLanguage(i18n.language)?.tag ?? 'en';
}

/** A date and time in the page language: when a break ends or a raise applies. */
function useDateTime() {
  const tag = useTag();
  const format = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  return (ms: number) => format.format(ms);
}

function fail(error: unknown) {
  if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
}

function StatusBanner({ limits }: { limits: Limits }) {
  if (limits.selfExcludedUntil)
    return <BreakBanner value={{ kind: 'excluded', until: limits.selfExcludedUntil }} />;
  if (limits.timeoutUntil) return <BreakBanner value={{ kind: 'timeout', until: limits.timeoutUntil }} />;
  return null;
}

/** Deposit, loss and wager limits per rolling window, one kind at a time. */
function LimitsCard({ limits }: { limits: Limits }) {
  const { t } = useTranslation('rg');
  const tag = useTag();
  const when = useDateTime();
  const update = useUpdateLimits();
  const [kind, setKind] = useState<LimitKind>('deposit');
  const inForce = limits[kind];
  const shown = (p: LimitPeriod) => (inForce[p] === null ? '' : inForce[p]!);
  // The fields start from what is in force and restart whenever that or the kind changes.
  const [typed, setTyped] = useState<{ key: string; values: Record<LimitPeriod, string> }>();
  const key = `${kind}:${LIMIT_PERIODS.map(shown).join('|')}`;
  const values =
    typed?.key === key ? typed.values : { day: shown('day'), week: shown('week'), month: shown('month') };
  const { changes, invalid } = changedLimits(inForce, values);
  const dirty = Object.keys(changes).length > 0;

  const save = async (patch: Partial<Record<LimitPeriod, string | null>>) => {
    try {
      const next = await update.mutateAsync({ [kind]: patch });
      const waits = next.pending.some((p) => p.kind === kind && p.period in patch);
      showToast(t(waits ? 'limits.savedPending' : 'limits.saved'), { kind: 'success' });
      setTyped(undefined);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <section className="rg-card" aria-labelledby="rg-limits">
      <h2 className="rg-card-title" id="rg-limits">
        {t('limits.title')}
      </h2>
      <div className="rg-tabs" role="tablist" aria-label={t('limits.kindsLabel')}>
        {LIMIT_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className={k === kind ? 'active' : ''}
            onClick={() => setKind(k)}
          >
            {t(`limits.kinds.${k}`)}
          </button>
        ))}
      </div>
      <p className="rg-muted">{t(`limits.help.${kind}`)}</p>
      <form
        className="rg-limits"
        role="tabpanel"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (dirty && !invalid.length) void save(changes);
        }}
      >
        {LIMIT_PERIODS.map((period) => {
          const id = `rg-${kind}-${period}`;
          const limit = inForce[period];
          const used = limits.used[kind][period];
          const pending = limits.pending.find((p) => p.kind === kind && p.period === period);
          const share =
            limit === null
              ? 0
              : Number(limit) > 0
                ? Math.min(1, Math.max(0, Number(used) / Number(limit)))
                : 1;
          return (
            <div key={period} className={`rg-period ${invalid.includes(period) ? 'is-invalid' : ''}`}>
              <label htmlFor={id}>{periodLabel(period, tag)}</label>
              <div className="rg-input">
                <input
                  id={id}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('limits.noLimit')}
                  value={values[period]}
                  aria-invalid={invalid.includes(period)}
                  aria-describedby={`${id}-meta`}
                  onChange={(e) => setTyped({ key, values: { ...values, [period]: e.target.value } })}
                />
                {limits.currency && <span className="rg-currency">{currencySymbol(limits.currency)}</span>}
              </div>
              {limit !== null && (
                <div className="rg-meter" aria-hidden="true">
                  <span style={{ inlineSize: `${share * 100}%` }} className={share >= 1 ? 'full' : ''} />
                </div>
              )}
              <p className="rg-meta" id={`${id}-meta`}>
                {/* A member ahead has used nothing of a loss limit (the window's net is negative). */}
                <span>{t('limits.used', { amount: formatMoney(Math.max(0, Number(used))) })}</span>
                {pending && (
                  <span className="rg-pending">
                    {pending.amount === null
                      ? t('limits.pendingRemoval', { date: when(pending.effectiveAt) })
                      : t('limits.pendingRaise', {
                          amount: money(pending.amount),
                          date: when(pending.effectiveAt),
                        })}{' '}
                    <button
                      type="button"
                      className="rg-link"
                      disabled={update.isPending}
                      onClick={() => void save({ [period]: limit })}
                    >
                      {t('limits.keep')}
                    </button>
                  </span>
                )}
              </p>
            </div>
          );
        })}
        {invalid.length > 0 && (
          <p className="rg-error" role="alert">
            {t('limits.invalid')}
          </p>
        )}
        <p className="rg-muted rg-rule">{t('limits.rule')}</p>
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={!dirty || invalid.length > 0 || update.isPending}
        >
          {t('limits.save')}
        </button>
      </form>
    </section>
  );
}

function RealityCheckCard({ limits }: { limits: Limits }) {
  const { t } = useTranslation('rg');
  const tag = useTag();
  const update = useUpdateLimits();
  const change = async (value: string) => {
    try {
      await update.mutateAsync({ realityCheckMinutes: value ? Number(value) : null });
      showToast(t('reality.saved'), { kind: 'success' });
    } catch (error) {
      fail(error);
    }
  };
  const current = limits.realityCheckMinutes;
  const choices: number[] = [...REALITY_CHECK_CHOICES];
  if (current !== null && !choices.includes(current)) choices.push(current);
  return (
    <section className="rg-card" aria-labelledby="rg-reality">
      <h2 className="rg-card-title" id="rg-reality">
        {t('reality.title')}
      </h2>
      <p className="rg-muted">{t('reality.text')}</p>
      <label className="rg-select">
        <span>{t('reality.label')}</span>
        <select
          value={current ?? ''}
          disabled={update.isPending}
          onChange={(e) => void change(e.target.value)}
        >
          <option value="">{t('reality.off')}</option>
          {choices.map((m) => (
            <option key={m} value={m}>
              {formatUnit(m, 'minute', tag)}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}

/** A choice of lengths as a radio group of chips. */
function Choices({
  name,
  options,
  value,
  onChange,
  label,
}: {
  name: string;
  options: { value: number; label: string }[];
  value: number;
  onChange: (value: number) => void;
  label: string;
}) {
  // Six lengths sit in rows of three, four in rows of two.
  return (
    <div
      className={`rg-chips ${options.length % 3 ? 'rg-chips-2' : ''}`}
      role="radiogroup"
      aria-label={label}
    >
      {options.map((o) => (
        <label key={o.value} className={o.value === value ? 'active' : ''}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

/** A break that cannot be undone: pick a length, then confirm what it means. */
function BreakCard({ variant }: { variant: 'timeout' | 'exclusion' }) {
  const { t } = useTranslation('rg');
  const tag = useTag();
  const when = useDateTime();
  const takeBreak = useTakeBreak();
  const exclude = useSelfExclude();
  const timeout = variant === 'timeout';
  const options = timeout
    ? TIMEOUT_CHOICES.map((d) => ({ value: d as number, label: breakLabel(d, tag) }))
    : SELF_EXCLUSION_CHOICES.map((m) => ({ value: m as number, label: exclusionLabel(m, tag) }));
  const [value, setValue] = useState(options[0]!.value);
  const [confirming, setConfirming] = useState<number | undefined>();
  const [understood, setUnderstood] = useState(false);
  const ns = timeout ? 'break' : 'exclusion';
  const pending = takeBreak.isPending || exclude.isPending;

  const open = () => {
    // The end shown is the one the server will set (a longer running break is kept).
    const end = new Date();
    if (timeout) end.setTime(end.getTime() + value * 86_400_000);
    else end.setMonth(end.getMonth() + value);
    setUnderstood(false);
    setConfirming(end.getTime());
  };
  const confirm = async () => {
    try {
      const { until } = timeout ? await takeBreak.mutateAsync(value) : await exclude.mutateAsync(value);
      setConfirming(undefined);
      showToast(t(`${ns}.done`, { date: when(until) }), { kind: 'success' });
    } catch (error) {
      fail(error);
    }
  };

  return (
    <section className={`rg-card ${timeout ? '' : 'rg-danger'}`} aria-labelledby={`rg-${ns}`}>
      <h2 className="rg-card-title" id={`rg-${ns}`}>
        {t(`${ns}.title`)}
      </h2>
      <p className="rg-muted">{t(`${ns}.text`)}</p>
      <Choices name={ns} options={options} value={value} onChange={setValue} label={t(`${ns}.length`)} />
      <button
        type="button"
        className={`btn btn-block ${timeout ? 'btn-ghost' : 'rg-btn-danger'}`}
        onClick={open}
      >
        {t(`${ns}.action`)}
      </button>
      {confirming !== undefined && (
        <Modal title={t(`${ns}.confirmTitle`)} onClose={() => setConfirming(undefined)}>
          <p className="modal-text">{t(`${ns}.confirmText`, { date: when(confirming) })}</p>
          <p className="rg-warning">
            <Icon name="shield" size={18} />
            <span>{t('confirm.final')}</span>
          </p>
          <label className="rg-check">
            <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
            <span>{t('confirm.understand')}</span>
          </label>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(undefined)}>
              {t('confirm.cancel')}
            </button>
            <button
              type="button"
              className={`btn ${timeout ? 'btn-primary' : 'rg-btn-danger'}`}
              disabled={!understood || pending}
              onClick={() => void confirm()}
            >
              {t(`${ns}.confirm`)}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}

function Guest({ trial }: { trial: boolean }) {
  const { t } = useTranslation('rg');
  return (
    <section className="empty-state">
      <Icon name="shield" size={48} />
      <p>{t(trial ? 'trial' : 'guest')}</p>
      <Link className="btn btn-primary" to={trial ? '/m/register' : '/m/login'}>
        {t(trial ? 'register' : 'login')}
      </Link>
    </section>
  );
}

/** /m/responsibleGambling: limits, reality checks, a break and self-exclusion. */
export default function ResponsibleGamblingPage() {
  const { t } = useTranslation('rg');
  const session = useSession();
  const limits = useLimits();
  if (!session || session.type === TRIAL_TYPE) return <Guest trial={Boolean(session)} />;
  return (
    <div className="rg-page">
      <p className="rg-intro">{t('intro')}</p>
      {limits.data ? (
        <>
          <StatusBanner limits={limits.data} />
          <LimitsCard limits={limits.data} />
          <RealityCheckCard limits={limits.data} />
          <BreakCard variant="timeout" />
          <BreakCard variant="exclusion" />
        </>
      ) : limits.isError ? (
        <p className="rg-muted" role="alert">
          {limits.error instanceof ApiError ? limits.error.message : ''}
        </p>
      ) : (
        <div className="rg-card rg-skeleton" aria-hidden="true" />
      )}
    </div>
  );
}
