import { IN_HOUSE_GAME_CODES, IN_HOUSE_GAME_NAMES, type OrderDetail } from '@playhouse/contract/play';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useSession, useWallet } from '../../../session/session.ts';
import { showToast } from '../../../shell/toast.tsx';
import { useGameInfo } from '../api/use-game-info.ts';
import { useRoundDetail } from '../api/use-round-detail.ts';
import {
  useChangeClientSeed,
  useRotateSeed,
  useSeeds,
  useVerify,
  type RotateResult,
} from '../api/use-seeds.ts';
import { OutcomePreview } from '../components/OutcomePreview.tsx';
import { PlayIcon } from '../components/PlayIcon.tsx';
import { sha256Hex } from '../sha256.ts';
import '../play.css';

const GAMES = IN_HOUSE_GAME_CODES;

interface Form {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  stake: string;
  options: string;
  /** The commitment the round was played under, when known (a round's detail gives it). */
  serverSeedHash: string;
}

function formFrom(params: URLSearchParams): Form {
  return {
    // The bet record names in-house games by their catalogue code, `BGS-<code>`.
    game: GAMES.find((g) => g === params.get('game')?.toUpperCase().replace(/^BGS-/, '')) ?? 'SEVENS',
    serverSeed: params.get('serverSeed') ?? '',
    clientSeed: params.get('clientSeed') ?? '',
    nonce: params.get('nonce') ?? '0',
    stake: params.get('stake') ?? '1.00',
    options: params.get('options') ?? '',
    serverSeedHash: params.get('serverSeedHash') ?? '',
  };
}

/**
 * /m/fairness: anyone checks a provably-fair round. They enter (or arrive with, from a round's detail)
 * the revealed server seed, client seed, nonce, game, stake and options; the page checks the seed
 * against its SHA-256 commitment in the browser and has the server recompute the outcome from the
 * same maths (POST /play/api/verify). A member also sees their current seed pair, can change the
 * client seed and rotate the pair, which reveals the server seed of every round played with it.
 */
export default function FairnessPage() {
  const { t } = useTranslation('play');
  const session = useSession();
  const [params] = useSearchParams();
  const roundId = params.get('roundId') ?? '';
  const [typed, setForm] = useState<Form>(() => formFrom(params));
  const detail = useRoundDetail(roundId);
  const round = roundId ? detail.data : undefined;
  const revealed = round?.fairness?.serverSeed ?? null;
  // A round's server seed appears once the member rotates away from it: it fills an empty field.
  const form = typed.serverSeed || !revealed ? typed : { ...typed, serverSeed: revealed };

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  return (
    <div className="fair-page">
      <section className="fair-card">
        <h1 className="fair-heading">
          <PlayIcon name="shield" /> {t('fair.title')}
        </h1>
        <p className="pl-muted pl-small">{t('fair.intro')}</p>
      </section>
      {roundId && round?.fairness && !revealed && !form.serverSeed && (
        <p className="fair-note" role="status">
          {t('fair.notRevealed')}
        </p>
      )}
      <VerifyForm form={form} set={set} recorded={round} />
      {/* A rotation reveals the opened round's seed: its detail is asked again (only with a round). */}
      {session && <SeedPanel onRotated={() => (roundId ? void detail.refetch() : undefined)} />}
    </div>
  );
}

function VerifyForm({
  form,
  set,
  recorded,
}: {
  form: Form;
  set: (patch: Partial<Form>) => void;
  recorded: OrderDetail | undefined;
}) {
  const { t } = useTranslation('play');
  const verify = useVerify();
  const info = useGameInfo(form.game);
  const wallet = useWallet();
  const symbol = wallet.data?.currencySymbol ?? '';
  const [browserHash, setBrowserHash] = useState<string>();
  const [optionsError, setOptionsError] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let options: Record<string, unknown> | undefined;
    try {
      options = form.options.trim() ? (JSON.parse(form.options) as Record<string, unknown>) : undefined;
      setOptionsError(false);
    } catch {
      setOptionsError(true);
      return;
    }
    setBrowserHash(await sha256Hex(form.serverSeed.trim()));
    verify.mutate(
      {
        gameCode: form.game as (typeof GAMES)[number],
        serverSeed: form.serverSeed.trim(),
        clientSeed: form.clientSeed,
        nonce: Number(form.nonce),
        stake: form.stake,
        ...(options ? { options } : {}),
      },
      {
        onError: (error) =>
          showToast(error instanceof ApiError ? error.message : t('fair.failed'), { kind: 'error' }),
      },
    );
  };

  const result = verify.data;
  const expected = form.serverSeedHash.trim().toLowerCase();
  const commitmentOk = result && expected ? result.serverSeedHash === expected : undefined;
  const browserAgrees = result && browserHash ? browserHash === result.serverSeedHash : undefined;
  const sameAsRecorded =
    result && recorded && recorded.result !== null
      ? result.outcome.win === recorded.win &&
        JSON.stringify(result.outcome.result) === JSON.stringify(recorded.result)
      : undefined;

  return (
    <form className="fair-card fair-form" onSubmit={(e) => void submit(e)}>
      <h2 className="fair-subhead">{t('fair.check')}</h2>
      <label>
        <span>{t('fair.game')}</span>
        <select value={form.game} onChange={(e) => set({ game: e.target.value })}>
          {GAMES.map((g) => (
            <option key={g} value={g}>
              {IN_HOUSE_GAME_NAMES[g]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('fair.serverSeed')}</span>
        <input
          className="fair-mono"
          dir="ltr"
          value={form.serverSeed}
          onChange={(e) => set({ serverSeed: e.target.value })}
          placeholder={t('fair.serverSeedHint')}
          required
          pattern="[0-9a-f]{64}"
          spellCheck={false}
          autoComplete="off"
        />
      </label>
      <label>
        <span>{t('fair.commitment')}</span>
        <input
          className="fair-mono"
          dir="ltr"
          value={form.serverSeedHash}
          onChange={(e) => set({ serverSeedHash: e.target.value })}
          placeholder={t('fair.commitmentHint')}
          spellCheck={false}
          autoComplete="off"
        />
      </label>
      <div className="fair-row">
        <label>
          <span>{t('fair.clientSeed')}</span>
          <input
            className="fair-mono"
            dir="ltr"
            value={form.clientSeed}
            onChange={(e) => set({ clientSeed: e.target.value })}
            required
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        <label className="fair-narrow">
          <span>{t('fair.nonce')}</span>
          <input
            dir="ltr"
            inputMode="numeric"
            value={form.nonce}
            onChange={(e) => set({ nonce: e.target.value.replace(/\D/g, '') })}
            required
          />
        </label>
      </div>
      <div className="fair-row">
        <label className="fair-narrow">
          <span>{t('fair.stake')}</span>
          <input
            dir="ltr"
            inputMode="decimal"
            value={form.stake}
            onChange={(e) => set({ stake: e.target.value })}
            required
          />
        </label>
        <label>
          <span>{t('fair.options')}</span>
          <input
            className="fair-mono"
            dir="ltr"
            value={form.options}
            onChange={(e) => set({ options: e.target.value })}
            placeholder='{"side":"heads"}'
            aria-invalid={optionsError}
            spellCheck={false}
            autoComplete="off"
          />
        </label>
      </div>
      {optionsError && <p className="fair-bad">{t('fair.optionsInvalid')}</p>}
      <button type="submit" className="btn btn-primary btn-block" disabled={verify.isPending}>
        {t('fair.verify')}
      </button>

      {result && (
        <section className="fair-result" aria-live="polite" data-testid="fair-result">
          <p className={commitmentOk === false ? 'fair-bad' : 'fair-ok'}>
            {commitmentOk === undefined
              ? t('fair.hashIs')
              : commitmentOk
                ? `✓ ${t('fair.commitmentOk')}`
                : `✗ ${t('fair.commitmentBad')}`}
          </p>
          <p className="fair-mono fair-hash" dir="ltr">
            sha256 = {result.serverSeedHash}
          </p>
          {browserAgrees !== undefined && (
            <p className="pl-muted pl-small">
              {browserAgrees ? t('fair.browserAgrees') : t('fair.browserDisagrees')}
            </p>
          )}
          <p className="fair-outcome">
            {t('fair.outcomeWin')}{' '}
            <b dir="ltr" data-testid="fair-win">
              {symbol}
              {formatMoney(Number(result.outcome.win))}
            </b>
            {result.outcome.jackpotHit && <span className="fair-badge">{t('fair.jackpotHit')}</span>}
          </p>
          {info.data && <OutcomePreview info={info.data} outcome={result.outcome} stake={form.stake} />}
          {sameAsRecorded !== undefined && (
            <p className={sameAsRecorded ? 'fair-ok' : 'fair-bad'} data-testid="fair-match">
              {sameAsRecorded ? `✓ ${t('fair.matchesRound')}` : `✗ ${t('fair.differsFromRound')}`}
            </p>
          )}
        </section>
      )}
    </form>
  );
}

function SeedPanel({ onRotated }: { onRotated: () => void }) {
  const { t } = useTranslation('play');
  const seeds = useSeeds();
  const change = useChangeClientSeed();
  const rotate = useRotateSeed();
  const [clientSeed, setClientSeed] = useState('');
  const [previous, setPrevious] = useState<RotateResult>();
  const current = seeds.data;
  const shownSeed = useMemo(() => clientSeed || current?.clientSeed || '', [clientSeed, current]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(shownSeed, {
      onSuccess: () => showToast(t('fair.clientSeedSaved'), { kind: 'success' }),
      onError: (error) =>
        showToast(error instanceof ApiError ? error.message : t('fair.failed'), { kind: 'error' }),
    });
  };
  const doRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (rotated) => {
        setPrevious(rotated);
        setClientSeed('');
        onRotated();
      },
      onError: (error) =>
        showToast(error instanceof ApiError ? error.message : t('fair.failed'), { kind: 'error' }),
    });

  return (
    <section className="fair-card" aria-labelledby="fair-seeds">
      <h2 className="fair-subhead" id="fair-seeds">
        {t('fair.yourSeeds')}
      </h2>
      {!current ? (
        <div className="fair-skeleton" aria-busy="true" />
      ) : (
        <>
          <dl className="fair-pairs">
            <div>
              <dt>{t('fair.commitmentNow')}</dt>
              <dd className="fair-mono" dir="ltr" data-testid="seed-hash">
                {current.serverSeedHash}
              </dd>
            </div>
            <div>
              <dt>{t('fair.nextNonce')}</dt>
              <dd className="fair-mono" dir="ltr">
                {current.nonce}
              </dd>
            </div>
          </dl>
          <form className="fair-inline" onSubmit={save}>
            <label>
              <span>{t('fair.clientSeed')}</span>
              <input
                className="fair-mono"
                dir="ltr"
                value={shownSeed}
                onChange={(e) => setClientSeed(e.target.value)}
                maxLength={64}
                required
                spellCheck={false}
                autoComplete="off"
              />
            </label>
            <button
              type="submit"
              className="btn btn-ghost"
              disabled={change.isPending || shownSeed === current.clientSeed}
            >
              {t('fair.save')}
            </button>
          </form>
          <p className="pl-muted pl-small">{t('fair.rotateText')}</p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={doRotate}
            disabled={rotate.isPending}
          >
            {t('fair.rotate')}
          </button>
          {previous && (
            <dl className="fair-pairs fair-revealed" data-testid="seed-revealed">
              <div>
                <dt>{t('fair.previousSeed')}</dt>
                <dd className="fair-mono" dir="ltr">
                  {previous.previousServerSeed}
                </dd>
              </div>
              <div>
                <dt>{t('fair.previousHash')}</dt>
                <dd className="fair-mono" dir="ltr">
                  {previous.previousServerSeedHash}
                </dd>
              </div>
              <div>
                <dt>{t('fair.previousRounds')}</dt>
                <dd>
                  {t('fair.previousRoundsValue', {
                    seed: previous.previousClientSeed,
                    n: previous.previousNonce,
                  })}
                </dd>
              </div>
            </dl>
          )}
        </>
      )}
    </section>
  );
}
