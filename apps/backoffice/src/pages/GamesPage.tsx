import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoGame, BoGamePage } from '@playhouse/contract/games';
import { ApiError, boFetch } from '../api.ts';
import { EmptyRow, Pager } from './Pager.tsx';
import { useStaffRole } from './use-staff-role.ts';
import './money.css';
import './members.css';

interface BoVendor {
  code: string;
  displayName: string;
  gameCategory: string;
  enabled: boolean;
  walletMode: 'seamless' | 'transfer';
  hasSecret: boolean;
  launchUrl: string | null;
  apiUrl: string | null;
  connected: boolean;
  gameCount: number;
}

const SHOWS = ['all', 'hot', 'new', 'disabled'] as const;

/** One vendor: its switch, wallet mode, launch address and secret (never shown; replaced to rotate it). */
function VendorRow({ vendor }: { vendor: BoVendor }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canWrite = useStaffRole().can('vendors.write');
  const [launchUrl, setLaunchUrl] = useState(vendor.launchUrl ?? '');
  const [secret, setSecret] = useState('');
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      boFetch<BoVendor>(`/bo/api/vendors/${vendor.code}`, { method: 'PUT', body }),
    onSuccess: () => {
      setSecret('');
      void queryClient.invalidateQueries({ queryKey: ['bo-vendors'] });
      void queryClient.invalidateQueries({ queryKey: ['bo-games'] });
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  return (
    <tr>
      <td data-label={t('gamesBo.vendor')}>
        <span>
          <strong>{vendor.displayName}</strong> <span className="mono muted">{vendor.code}</span>
          <br />
          <small className="hint">{t('gamesBo.gameCount', { count: vendor.gameCount })}</small>
        </span>
      </td>
      <td data-label={t('gamesBo.enabled')}>
        <label className="toggle">
          <input
            type="checkbox"
            checked={vendor.enabled}
            disabled={!canWrite || save.isPending}
            onChange={(e) => save.mutate({ enabled: e.target.checked })}
            aria-label={t('gamesBo.vendorEnabled', { name: vendor.displayName })}
          />
          <span className={`badge ${vendor.connected ? 'badge-on' : 'badge-off'}`}>
            {t(vendor.connected ? 'gamesBo.connected' : 'gamesBo.notConnected')}
          </span>
        </label>
      </td>
      <td data-label={t('gamesBo.walletMode')}>
        <select
          value={vendor.walletMode}
          disabled={!canWrite || save.isPending}
          onChange={(e) => save.mutate({ walletMode: e.target.value })}
          aria-label={t('gamesBo.walletMode')}
        >
          <option value="seamless">{t('gamesBo.walletModes.seamless')}</option>
          <option value="transfer">{t('gamesBo.walletModes.transfer')}</option>
        </select>
      </td>
      <td data-label={t('gamesBo.credentials')}>
        <form
          className="vendor-form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ launchUrl, ...(secret ? { secret } : {}) });
          }}
        >
          <input
            value={launchUrl}
            onChange={(e) => setLaunchUrl(e.target.value)}
            placeholder="https://…"
            aria-label={t('gamesBo.launchUrl')}
            disabled={!canWrite}
            dir="ltr"
          />
          <input
            type="password"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            placeholder={vendor.hasSecret ? '••••••••' : t('gamesBo.noSecret')}
            aria-label={t('gamesBo.newSecret')}
            autoComplete="new-password"
            disabled={!canWrite}
          />
          {canWrite && (
            <button type="submit" className="btn" disabled={save.isPending}>
              {t('gamesBo.save')}
            </button>
          )}
          {Object.values(fields).flat().length > 0 && (
            <small className="field-error">{Object.values(fields).flat().join(', ')}</small>
          )}
          {save.error && !Object.keys(fields).length && (
            <small className="field-error">{save.error.message}</small>
          )}
          <small className="hint">{t(vendor.hasSecret ? 'gamesBo.secretSet' : 'gamesBo.secretNone')}</small>
        </form>
      </td>
    </tr>
  );
}

/** One game of the catalogue: switch, name, new flag, hot place and order, saved as changed. */
function GameRow({ game }: { game: BoGame }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canWrite = useStaffRole().can('games.write');
  const [name, setName] = useState(game.name);
  const save = useMutation({
    mutationFn: (body: Partial<Pick<BoGame, 'enabled' | 'name' | 'isNew' | 'hotRank' | 'sort'>>) =>
      boFetch<BoGame>(`/bo/api/games/${game.id}`, { method: 'PUT', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['bo-games'] }),
  });
  const disabled = !canWrite || save.isPending;
  const error =
    save.error instanceof ApiError
      ? Object.values(save.error.fields).flat().join(', ') || save.error.message
      : null;
  return (
    <tr>
      <td data-label={t('gamesBo.game')}>
        <span className="content-title">
          <img src={game.iconUrl} alt="" className="game-thumb" loading="lazy" width={40} height={40} />
          <span>
            <input
              className="game-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              onBlur={() => name.trim() && name !== game.name && save.mutate({ name })}
              disabled={disabled}
              aria-label={t('gamesBo.nameOf', { code: game.code })}
              dir="auto"
            />
            <small className="mono muted">
              {game.vendor} · {game.code}
            </small>
            {error && <small className="field-error">{error}</small>}
          </span>
        </span>
      </td>
      <td data-label={t('gamesBo.enabled')}>
        <label className="toggle">
          <input
            type="checkbox"
            checked={game.enabled}
            disabled={disabled}
            onChange={(e) => save.mutate({ enabled: e.target.checked })}
            aria-label={t('gamesBo.gameEnabled', { name: game.name })}
          />
          {!game.vendorEnabled && <span className="badge badge-off">{t('gamesBo.vendorOff')}</span>}
        </label>
      </td>
      <td data-label={t('gamesBo.isNew')}>
        <input
          type="checkbox"
          checked={game.isNew}
          disabled={disabled}
          onChange={(e) => save.mutate({ isNew: e.target.checked })}
          aria-label={t('gamesBo.newOf', { name: game.name })}
        />
      </td>
      <td data-label={t('gamesBo.hotRank')}>
        <input
          type="number"
          className="num-input"
          min={0}
          max={999}
          defaultValue={game.hotRank}
          disabled={disabled}
          onBlur={(e) =>
            Number(e.target.value) !== game.hotRank && save.mutate({ hotRank: Number(e.target.value) })
          }
          aria-label={t('gamesBo.hotOf', { name: game.name })}
        />
      </td>
      <td data-label={t('gamesBo.sort')}>
        <input
          type="number"
          className="num-input"
          min={0}
          defaultValue={game.sort}
          disabled={disabled}
          onBlur={(e) =>
            Number(e.target.value) !== game.sort && save.mutate({ sort: Number(e.target.value) })
          }
          aria-label={t('gamesBo.sortOf', { name: game.name })}
        />
      </td>
    </tr>
  );
}

/**
 * Games: the vendors (switch, wallet mode, launch address, secret shown only as set or not and
 * replaced to rotate it) and the catalogue (switch, name, new flag, hot-list place and order). A game
 * switched off leaves the player lobby on its next read: the server drops its catalogue on change.
 */
export default function GamesPage() {
  const { t } = useTranslation();
  const { can } = useStaffRole();
  const [tab, setTab] = useState<'catalogue' | 'vendors'>('catalogue');
  const [draft, setDraft] = useState({ vendor: '', q: '', show: 'all' as (typeof SHOWS)[number] });
  const [filters, setFilters] = useState(draft);
  const [pageNo, setPageNo] = useState(1);
  const vendors = useQuery({
    queryKey: ['bo-vendors'],
    queryFn: () => boFetch<BoVendor[]>('/bo/api/vendors'),
    enabled: can('vendors.read'),
  });
  const games = useQuery({
    queryKey: ['bo-games', filters, pageNo],
    queryFn: () =>
      boFetch<BoGamePage>(
        `/bo/api/games?${new URLSearchParams({ ...filters, pageNo: String(pageNo), pageSize: '20' })}`,
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <div className="page-head">
        <h1>{t('gamesBo.title')}</h1>
      </div>
      <div className="tabs" role="tablist" aria-label={t('gamesBo.title')}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'catalogue'}
          onClick={() => setTab('catalogue')}
        >
          {t('gamesBo.catalogue')}
        </button>
        {can('vendors.read') && (
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'vendors'}
            onClick={() => setTab('vendors')}
          >
            {t('gamesBo.vendors')}
          </button>
        )}
      </div>
      {tab === 'vendors' && (
        <>
          {vendors.error && <p className="alert">{vendors.error.message}</p>}
          <div className="table-scroll">
            <table className="table stack-narrow">
              <thead>
                <tr>
                  <th>{t('gamesBo.vendor')}</th>
                  <th>{t('gamesBo.enabled')}</th>
                  <th>{t('gamesBo.walletMode')}</th>
                  <th>{t('gamesBo.credentials')}</th>
                </tr>
              </thead>
              <tbody>
                {vendors.data?.map((v) => (
                  <VendorRow key={`${v.code}-${v.launchUrl}`} vendor={v} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {tab === 'catalogue' && (
        <>
          <form
            className="filters"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setPageNo(1);
              setFilters(draft);
            }}
          >
            <label className="field">
              <span>{t('gamesBo.vendor')}</span>
              <select
                value={draft.vendor}
                onChange={(e) => setDraft((d) => ({ ...d, vendor: e.target.value }))}
              >
                <option value="">{t('gamesBo.allVendors')}</option>
                {(vendors.data ?? []).map((v) => (
                  <option key={v.code} value={v.code}>
                    {v.displayName}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('gamesBo.search')}</span>
              <input
                type="search"
                value={draft.q}
                onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
              />
            </label>
            <label className="field">
              <span>{t('gamesBo.show')}</span>
              <select
                value={draft.show}
                onChange={(e) => setDraft((d) => ({ ...d, show: e.target.value as (typeof SHOWS)[number] }))}
              >
                {SHOWS.map((s) => (
                  <option key={s} value={s}>
                    {t(`gamesBo.shows.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn btn-primary">
              {t('gamesBo.apply')}
            </button>
          </form>
          {games.error && <p className="alert">{games.error.message}</p>}
          <div className="table-scroll">
            <table className="table stack-narrow games-table">
              <thead>
                <tr>
                  <th>{t('gamesBo.game')}</th>
                  <th>{t('gamesBo.enabled')}</th>
                  <th>{t('gamesBo.isNew')}</th>
                  <th>{t('gamesBo.hotRank')}</th>
                  <th>{t('gamesBo.sort')}</th>
                </tr>
              </thead>
              <tbody>
                {games.data?.list.map((g) => (
                  <GameRow key={`${g.id}-${g.name}-${g.hotRank}-${g.sort}`} game={g} />
                ))}
                {games.data?.list.length === 0 && <EmptyRow colSpan={5} />}
              </tbody>
            </table>
          </div>
          <p className="hint">{t('gamesBo.hotHint')}</p>
          <Pager page={games.data} onPage={setPageNo} />
        </>
      )}
    </section>
  );
}
