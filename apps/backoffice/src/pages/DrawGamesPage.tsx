import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawAdmin, DrawGameAdmin, DrawGameSettingsRequest } from '@playhouse/contract/draws';
import { ApiError, boFetch } from '../api.ts';
import { FormActions } from './FormActions.tsx';
import { EmptyRow, Pager } from './Pager.tsx';
import { TextField } from './TextField.tsx';

interface BetDraft {
  enabled: boolean;
  odds: string;
  minStake: string;
  maxStake: string;
}
interface Draft {
  enabled: boolean;
  kind: 'interval' | 'daily';
  seconds: string;
  times: string;
  closeBeforeSeconds: string;
  maxExposure: string;
  betTypes: Record<string, BetDraft>;
}

/** Odds as the operator edits them: `*: 1.95` or `4: 69.12, 5: 34.56, …`. */
const oddsText = (odds: Record<string, string>) =>
  Object.entries(odds)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

function parseOdds(text: string): Record<string, number> {
  const odds: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [key, value] = part.split(':').map((s) => s.trim());
    if (key && value) odds[key] = Math.round(Number(value) * 100);
  }
  return odds;
}

function toDraft(g: DrawGameAdmin): Draft {
  return {
    enabled: g.enabled,
    kind: g.schedule.kind,
    seconds: g.schedule.kind === 'interval' ? String(g.schedule.seconds) : '60',
    times: g.schedule.kind === 'daily' ? g.schedule.times.join(', ') : '',
    closeBeforeSeconds: String(g.closeBeforeSeconds),
    maxExposure: g.maxExposure,
    betTypes: Object.fromEntries(
      g.betTypes.map((b) => [
        b.betType,
        { enabled: b.enabled, odds: oddsText(b.odds), minStake: b.minStake, maxStake: b.maxStake },
      ]),
    ),
  };
}

function toBody(d: Draft): DrawGameSettingsRequest {
  return {
    enabled: d.enabled,
    schedule:
      d.kind === 'interval'
        ? { kind: 'interval', seconds: Number(d.seconds) }
        : {
            kind: 'daily',
            times: d.times
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          },
    closeBeforeSeconds: Number(d.closeBeforeSeconds),
    maxExposure: d.maxExposure.trim(),
    betTypes: Object.fromEntries(
      Object.entries(d.betTypes).map(([code, b]) => [
        code,
        {
          enabled: b.enabled,
          odds: parseOdds(b.odds),
          minStake: b.minStake.trim(),
          maxStake: b.maxStake.trim(),
        },
      ]),
    ),
  };
}

/** One game's schedule, closing time, exposure cap and bet types, with each type's exact return. */
function GameForm({ game }: { game: DrawGameAdmin }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => toDraft(game));
  const save = useMutation({
    mutationFn: (d: Draft) =>
      boFetch<DrawGameAdmin>(`/bo/api/draws/games/${game.gameCode}`, { method: 'PUT', body: toBody(d) }),
    onSuccess: (saved) => {
      setDraft(toDraft(saved));
      void queryClient.invalidateQueries({ queryKey: ['draw-games'] });
    },
  });
  const errors = save.error instanceof ApiError ? save.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft);
  };
  const setBet = (code: string, patch: Partial<BetDraft>) =>
    setDraft((d) => ({ ...d, betTypes: { ...d.betTypes, [code]: { ...d.betTypes[code]!, ...patch } } }));
  return (
    <form className="card section" onSubmit={submit} aria-labelledby={`draw-${game.gameCode}`}>
      <h2 id={`draw-${game.gameCode}`}>
        {game.name} <span className="muted mono">{game.gameCode}</span>
      </h2>
      <div className="grid-3">
        <label className="field">
          <span>{t('draws.enabled')}</span>
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))}
          />
        </label>
        <label className="field">
          <span>{t('draws.schedule')}</span>
          <select
            value={draft.kind}
            onChange={(e) => setDraft((d) => ({ ...d, kind: e.target.value as Draft['kind'] }))}
          >
            <option value="interval">{t('draws.interval')}</option>
            <option value="daily">{t('draws.daily')}</option>
          </select>
        </label>
        {draft.kind === 'interval' ? (
          <TextField
            label={t('draws.seconds')}
            type="number"
            min={60}
            value={draft.seconds}
            errors={errors['schedule.seconds']}
            onChange={(e) => setDraft((d) => ({ ...d, seconds: e.target.value }))}
          />
        ) : (
          <TextField
            label={t('draws.times')}
            value={draft.times}
            dir="ltr"
            errors={errors['schedule.times'] ?? errors['schedule.times.0']}
            onChange={(e) => setDraft((d) => ({ ...d, times: e.target.value }))}
          />
        )}
        <TextField
          label={t('draws.closeBefore')}
          type="number"
          min={5}
          value={draft.closeBeforeSeconds}
          errors={errors.closeBeforeSeconds}
          onChange={(e) => setDraft((d) => ({ ...d, closeBeforeSeconds: e.target.value }))}
        />
        <TextField
          label={t('draws.maxExposure')}
          inputMode="decimal"
          value={draft.maxExposure}
          errors={errors.maxExposure}
          onChange={(e) => setDraft((d) => ({ ...d, maxExposure: e.target.value }))}
        />
      </div>
      <p className="muted">{t('draws.exposureHelp')}</p>
      <table className="table stack-narrow">
        <thead>
          <tr>
            <th>{t('draws.betType')}</th>
            <th>{t('draws.enabled')}</th>
            <th>{t('draws.odds')}</th>
            <th className="amount">{t('draws.minStake')}</th>
            <th className="amount">{t('draws.maxStake')}</th>
            <th className="amount">{t('draws.rtp')}</th>
          </tr>
        </thead>
        <tbody>
          {game.betTypes.map((b) => {
            const d = draft.betTypes[b.betType]!;
            const err = (field: string) => errors[`betTypes.${b.betType}.${field}`];
            return (
              <tr key={b.betType}>
                <td data-label={t('draws.betType')} className="mono">
                  {b.betType}
                </td>
                <td data-label={t('draws.enabled')}>
                  <input
                    type="checkbox"
                    aria-label={`${b.betType} ${t('draws.enabled')}`}
                    checked={d.enabled}
                    onChange={(e) => setBet(b.betType, { enabled: e.target.checked })}
                  />
                </td>
                <td data-label={t('draws.odds')}>
                  <input
                    dir="ltr"
                    aria-label={`${b.betType} ${t('draws.odds')}`}
                    value={d.odds}
                    aria-invalid={err('odds') ? true : undefined}
                    onChange={(e) => setBet(b.betType, { odds: e.target.value })}
                  />
                  {err('odds') && <small className="field-error">{err('odds')!.join(', ')}</small>}
                </td>
                <td data-label={t('draws.minStake')} className="amount">
                  <input
                    inputMode="decimal"
                    aria-label={`${b.betType} ${t('draws.minStake')}`}
                    value={d.minStake}
                    onChange={(e) => setBet(b.betType, { minStake: e.target.value })}
                  />
                </td>
                <td data-label={t('draws.maxStake')} className="amount">
                  <input
                    inputMode="decimal"
                    aria-label={`${b.betType} ${t('draws.maxStake')}`}
                    value={d.maxStake}
                    onChange={(e) => setBet(b.betType, { maxStake: e.target.value })}
                  />
                </td>
                <td data-label={t('draws.rtp')} className="amount mono">
                  {(b.rtp * 100).toFixed(2)}%
                  {b.rtpBest !== b.rtp && (
                    <span className="block muted">≤ {(b.rtpBest * 100).toFixed(2)}%</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FormActions
        save={save}
        onCancel={() => {
          save.reset();
          setDraft(toDraft(game));
        }}
        cancelLabel={t('draws.reset')}
        saveLabel={t('draws.save')}
      />
      {save.isSuccess && !save.isPending && <p className="muted">{t('draws.saved')}</p>}
    </form>
  );
}

/** Draws newest first: result, tickets, stakes, wins and exposure; a draw not yet drawn can be voided. */
function DrawReport() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [status, setStatus] = useState('');
  const draws = useQuery({
    queryKey: ['draws', pageNo, status],
    queryFn: () =>
      boFetch<{ list: DrawAdmin[]; pageNo: number; pageSize: number; totalCount: number }>(
        `/bo/api/draws?pageNo=${pageNo}&pageSize=20${status ? `&status=${status}` : ''}`,
      ),
    refetchInterval: 10_000,
  });
  const voidDraw = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      boFetch<DrawAdmin>(`/bo/api/draws/${id}/void`, { method: 'POST', body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['draws'] }),
  });
  const page = draws.data && {
    ...draws.data,
    totalPages: Math.max(1, Math.ceil(draws.data.totalCount / draws.data.pageSize)),
  };
  return (
    <section className="section" aria-labelledby="draw-report">
      <div className="page-head">
        <h2 id="draw-report">{t('draws.report')}</h2>
        <label className="field">
          <span>{t('draws.status')}</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('draws.allStatuses')}</option>
            {(['open', 'settling', 'settled', 'voiding', 'void'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`draws.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {draws.error && <p className="alert">{draws.error.message}</p>}
      {voidDraw.error && <p className="alert">{voidDraw.error.message}</p>}
      <table className="table stack-narrow">
        <thead>
          <tr>
            <th>{t('draws.draw')}</th>
            <th>{t('draws.status')}</th>
            <th>{t('draws.result')}</th>
            <th className="amount">{t('draws.tickets')}</th>
            <th className="amount">{t('draws.stake')}</th>
            <th className="amount">{t('draws.win')}</th>
            <th className="amount">{t('draws.exposure')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {draws.data?.list.map((d) => (
            <tr key={d.id}>
              <td data-label={t('draws.draw')} className="mono">
                {d.gameCode} {d.numero}
                <span className="block muted">{new Date(d.drawAt).toLocaleString()}</span>
              </td>
              <td data-label={t('draws.status')}>
                <span>{t(`draws.statuses.${d.status}`)}</span>
                {d.voidReason && <span className="block muted">{d.voidReason}</span>}
              </td>
              <td data-label={t('draws.result')} className="mono" dir="ltr">
                {d.result ? d.result.join(' ') : '—'}
              </td>
              <td data-label={t('draws.tickets')} className="amount mono">
                {d.tickets}
              </td>
              <td data-label={t('draws.stake')} className="amount mono">
                {d.stake}
              </td>
              <td data-label={t('draws.win')} className="amount mono">
                {d.win}
              </td>
              <td data-label={t('draws.exposure')} className="amount mono">
                {d.exposure}
                <span className="block muted">/ {d.maxExposure}</span>
              </td>
              <td>
                {d.status === 'open' && (
                  <button
                    type="button"
                    className="btn"
                    disabled={voidDraw.isPending}
                    onClick={() => {
                      const reason = window.prompt(t('draws.voidReason', { numero: d.numero }));
                      if (reason?.trim()) voidDraw.mutate({ id: d.id, reason: reason.trim() });
                    }}
                  >
                    {t('draws.void')}
                  </button>
                )}
              </td>
            </tr>
          ))}
          {draws.data?.list.length === 0 && <EmptyRow colSpan={8} />}
        </tbody>
      </table>
      <Pager page={page} onPage={setPageNo} />
    </section>
  );
}

/** Draw games: schedules, odds and limits per bet type, exposure caps, the results and settlement report. */
export function DrawGamesPage() {
  const { t } = useTranslation();
  const games = useQuery({
    queryKey: ['draw-games'],
    queryFn: () => boFetch<{ list: DrawGameAdmin[] }>('/bo/api/draws/games'),
  });
  return (
    <section>
      <div className="page-head">
        <h1>{t('draws.title')}</h1>
      </div>
      <p className="muted">{t('draws.intro')}</p>
      {games.error && <p className="alert">{games.error.message}</p>}
      {games.data?.list.map((g) => (
        <GameForm key={`${g.gameCode}-${JSON.stringify(g)}`} game={g} />
      ))}
      <DrawReport />
    </section>
  );
}
