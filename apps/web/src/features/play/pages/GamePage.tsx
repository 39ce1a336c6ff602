import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isNetWin, roundOutcome, type RoundOutcome } from '@playhouse/contract/round-outcome';
import { HOME_PATH } from '@playhouse/contract/site-page';
import { ApiError } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useSession, useWallet } from '../../../session/session.ts';
import { showToast, Toaster } from '../../../shell/toast.tsx';
import { idleView, optionsFor, previewView, spinVerb, toView } from '../adapters.ts';
import { PLAY_KEYS } from '../api/paths.ts';
import { useGameInfo, type GameInfo } from '../api/use-game-info.ts';
import { markShown, newRequestId, usePlayRound, useUnshownRounds, type Round } from '../api/use-rounds.ts';
import { GameOptions, type OptionsState } from '../components/GameOptions.tsx';
import { PlayIcon } from '../components/PlayIcon.tsx';
import { RealityCheckDialog } from '../components/RealityCheckDialog.tsx';
import { HistorySheet } from '../components/HistorySheet.tsx';
import { RulesSheet } from '../components/RulesSheet.tsx';
import { resultOf, RoundStage, WinMeter, type Banner } from '../components/RoundStage.tsx';
import { isMuted, play, setMuted } from '../sound.ts';
import {
  addRound,
  formatElapsed,
  netOf,
  nextRealityCheck,
  revealDelay,
  startSession,
  toMinor,
  type SessionStats,
} from '../session-stats.ts';
import type { RoundView, SlotFrame } from '../view.ts';
import '../play.css';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));
/** Pauses between what the reels show, so each step can be read. */
const REEL_STOP_GAP_MS = 220;
const FRAME_PAUSE_MS = 1100;
const FREE_SPIN_MS = 700;

/**
 * /play/:code: an in-house game, full screen outside the lobby's shell. The reels (or dice, coin,
 * wheel) spin for at least the operator's minimum spin time and land on the round the server drew;
 * the balance shown moves by the stake when a round starts and by the win when it is shown. No
 * autoplay: every round is a tap. Rounds drawn but never shown are shown first; the last ten can be
 * replayed. Leaving refreshes the lobby header's balance.
 */
export default function GamePage() {
  const { code = '' } = useParams();
  // The lobby's catalogue names in-house games `BGS-<code>`; the game's own code is the rest.
  const gameCode = code.toUpperCase().replace(/^BGS-/, '');
  const session = useSession();
  const info = useGameInfo(gameCode);
  const { t } = useTranslation('play');
  if (!session) return <Navigate to="/m/login" replace />;
  if (info.isError)
    return (
      <div className="pl-screen pl-state">
        <p>{info.error instanceof ApiError ? info.error.message : t('loadFailed')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void info.refetch()}>
          {t('retry')}
        </button>
        <a className="btn btn-ghost" href={HOME_PATH}>
          {t('backToLobby')}
        </a>
      </div>
    );
  if (!info.data) return <div className="pl-screen pl-loading" aria-busy="true" />;
  return <GameScreen key={gameCode} info={info.data} />;
}

function useLeave() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: PLAY_KEYS.wallet });
    // Back to the lobby page the game was opened from, else home.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(HOME_PATH, { replace: true });
  }, [navigate, queryClient]);
}

function GameScreen({ info }: { info: GameInfo }) {
  const { t } = useTranslation('play');
  const queryClient = useQueryClient();
  const leave = useLeave();
  const wallet = useWallet();
  const playRound = usePlayRound();
  const unshown = useUnshownRounds(info.gameCode);
  const symbol = wallet.data?.currencySymbol ?? '';
  const money = (minor: number) => `${symbol}${formatMoney(minor / 100)}`;

  const idle = useMemo(() => idleView(info), [info]);
  const [view, setView] = useState<RoundView>(idle);
  const [frameIndex, setFrameIndex] = useState(0);
  const [dropKey, setDropKey] = useState('idle');
  const reelCount = view.kind === 'slot' ? (view.frames[0]?.grid.length ?? 0) : 1;
  const [spinning, setSpinning] = useState<boolean[]>([]);
  const [busy, setBusy] = useState(false);
  const [spinCount, setSpinCount] = useState(0);
  const [banner, setBanner] = useState<Banner>();
  const [lastWin, setLastWin] = useState<number | undefined>();
  const [outcome, setOutcome] = useState<RoundOutcome | undefined>();
  // While a round is under way the balance shown is the game's (stake taken, win not yet shown);
  // otherwise it is the wallet's, which the round's answer has already updated.
  const [pinnedBalance, setPinnedBalance] = useState<number | undefined>();
  const shownBalance = pinnedBalance ?? (wallet.data ? toMinor(wallet.data.sumBalance) : undefined);
  const [stakeIndex, setStakeIndex] = useState(() => defaultStakeIndex(info.stakes));
  const [options, setOptions] = useState<OptionsState>(() => optionsFor(info));
  const [sheet, setSheet] = useState<'rules' | 'history'>();
  const [muted, setMutedState] = useState(isMuted);
  const [stats, setStats] = useState<SessionStats>(() => startSession(Date.now()));
  const [now, setNow] = useState(() => Date.now());
  const [checkDue, setCheckDue] = useState(false);
  const alive = useRef(true);
  const stake = info.stakes[stakeIndex] ?? info.stakes[0] ?? '1.00';
  const stakeMinor = toMinor(stake);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      // However the player leaves (this screen's back button or the browser's), the lobby shows
      // the balance as it now is.
      void queryClient.invalidateQueries({ queryKey: PLAY_KEYS.wallet });
    };
  }, [queryClient]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  // Reality checks at the member's interval, counted from when the game opened.
  const checkMinutes = info.safety.realityCheckMinutes;
  useEffect(() => {
    if (!checkMinutes || checkDue) return;
    const due = nextRealityCheck(stats.startedAt, checkMinutes, Date.now());
    const timer = window.setTimeout(() => setCheckDue(true), Math.max(0, due - Date.now()));
    return () => window.clearTimeout(timer);
  }, [checkMinutes, checkDue, stats.startedAt]);

  const showFrame = useCallback((frame: SlotFrame, key: string) => {
    setView((v) => (v.kind === 'slot' ? { ...v, frames: [frame] } : v));
    setFrameIndex(0);
    setDropKey(key);
  }, []);

  /** Stops the spinning reels one after another on the frame. */
  const landReels = useCallback(
    async (frame: SlotFrame, key: string) => {
      showFrame(frame, key);
      for (let r = 0; r < frame.grid.length; r++) {
        if (!alive.current) return;
        setSpinning((s) => s.map((v, i) => (i <= r ? false : v)));
        play('stop');
        await wait(REEL_STOP_GAP_MS);
      }
    },
    [showFrame],
  );

  /** Shows a drawn round: lands the reels or the draw, plays its features, announces its win. */
  const reveal = useCallback(
    async (round: Round, mode: 'live' | 'pending' | 'replay') => {
      const shown = toView(info, round);
      const win = toMinor(round.win);
      const result = roundOutcome(toMinor(round.stake), win);
      // Paying lines sound like wins only when the round as a whole returns more than its stake.
      const celebrate = isNetWin(result);
      setOutcome(result);
      if (shown.kind === 'slot') {
        const frames = shown.frames;
        const total = frames.filter((f) => f.phase === 'free').length;
        let announcedFree = false;
        for (let i = 0; i < frames.length; i++) {
          const frame = frames[i]!;
          if (!alive.current) return;
          if (i === 0) {
            await landReels(frame, `${round.roundId}:0`);
          } else if (frame.phase === 'free') {
            if (!announcedFree) {
              announcedFree = true;
              play('feature');
              setBanner({ tone: 'feature', text: t('freeSpinsWon', { n: total }) });
              await wait(FRAME_PAUSE_MS + 400);
            }
            setBanner({ tone: 'feature', text: t('freeSpinOf', { index: frame.index ?? 0, total }) });
            setSpinning(frame.grid.map(() => true));
            play('spin');
            await wait(FREE_SPIN_MS);
            await landReels(frame, `${round.roundId}:${i}`);
          } else {
            // A cascade: the winning symbols burst, the rest fall and new ones drop in.
            showFrame(frame, `${round.roundId}:${i}`);
            play('stop');
            if (frame.multiplier && frame.multiplier > 1)
              setBanner({
                tone: 'feature',
                text: t('cascadeStep', { index: i, multiplier: frame.multiplier }),
              });
            else setBanner({ tone: 'feature', text: t('cascadeStepPlain', { index: i }) });
          }
          setFrameIndex(0);
          if (frame.wins.length) play(celebrate ? 'win' : 'stop');
          if (i < frames.length - 1) await wait(frame.wins.length ? FRAME_PAUSE_MS : FRAME_PAUSE_MS / 2);
        }
        setView(shown.frames.length > 1 ? { ...shown, frames: [frames.at(-1)!] } : shown);
      } else {
        setView(shown);
        setSpinning([false]);
        play('stop');
      }
      if (!alive.current) return;
      setLastWin(win);
      const said = resultOf(t, result, { win: money(win), stake: money(toMinor(round.stake)) }, mode);
      setBanner(said.banner);
      if (said.sound) play(said.sound);
      if (mode === 'replay') return;
      if (mode === 'live') setStats((s) => addRound(s, toMinor(round.stake), win));
      setPinnedBalance(undefined);
      // Acknowledged once it has been on the screen: it will not be shown again on the next visit.
      markShown(round.roundId).catch(() => undefined);
    },
    // money() depends on the symbol only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [info, landReels, showFrame, t, symbol],
  );

  /** Runs a round or a replay with the reels spinning from the tap for at least the minimum time. */
  const run = useCallback(
    async (draw: () => Promise<Round>, mode: 'live' | 'pending' | 'replay') => {
      if (busy) return;
      setBusy(true);
      setBanner(
        mode === 'pending'
          ? { tone: 'info', text: t('pendingShowing') }
          : mode === 'replay'
            ? { tone: 'info', text: t('replaying') }
            : undefined,
      );
      setLastWin(undefined);
      setOutcome(undefined);
      const tappedAt = Date.now();
      setSpinning(Array.from({ length: Math.max(1, reelCount) }, () => true));
      setSpinCount((n) => n + 1);
      play('spin');
      try {
        const round = await draw();
        // A round shown again (unfinished or replayed) shows the choices it was played with.
        if (mode !== 'live' && round.options && typeof round.options === 'object')
          setOptions({ values: round.options as Record<string, unknown> });
        await wait(revealDelay(tappedAt, Date.now(), mode === 'live' ? info.safety.minSpinMs : 900));
        if (!alive.current) return;
        await reveal(round, mode);
      } catch (error) {
        setSpinning([]);
        setView(idle);
        setPinnedBalance(undefined);
        showToast(error instanceof ApiError ? error.message : t('roundFailed'), { kind: 'error' });
      } finally {
        if (alive.current) setBusy(false);
      }
    },
    [busy, reelCount, info, reveal, idle, t],
  );

  // Rounds drawn but not shown (the tab closed mid-spin) are shown first, one by one.
  const pending = unshown.data?.list;
  const pendingStarted = useRef(false);
  useEffect(() => {
    if (!pending?.length || pendingStarted.current) return;
    pendingStarted.current = true;
    void (async () => {
      for (const round of [...pending].sort((a, b) => a.settledAt - b.settledAt)) {
        if (!alive.current) return;
        await run(async () => round, 'pending');
        await wait(FRAME_PAUSE_MS);
      }
      void queryClient.invalidateQueries({ queryKey: PLAY_KEYS.unshown(info.gameCode) });
    })();
  }, [pending, run, queryClient, info.gameCode]);

  const spin = () => {
    if (busy || checkDue) return;
    if (shownBalance !== undefined && shownBalance < stakeMinor) {
      showToast(t('lowBalance'), { kind: 'error' });
      return;
    }
    // The stake leaves the balance as the round starts; the win comes back when it is shown.
    if (shownBalance !== undefined) setPinnedBalance(shownBalance - stakeMinor);
    const requestId = newRequestId();
    void run(
      () =>
        playRound.mutateAsync({
          gameCode: info.gameCode,
          stake,
          requestId,
          ...(options.values ? { options: options.values } : {}),
        }),
      'live',
    );
  };

  const replay = (round: Round) => {
    setSheet(undefined);
    void run(async () => round, 'replay');
  };

  const changeOptions = (next: OptionsState) => {
    setOptions(next);
    if (!busy) setView((v) => previewView(info, next.values, v));
  };

  const toggleMute = () => {
    setMuted(!muted);
    setMutedState(!muted);
    if (muted) play('click');
  };

  const net = netOf(stats);
  const frame = view.kind === 'slot' ? view.frames[frameIndex] : undefined;
  const freeSpin = frame?.phase === 'free';

  return (
    <div className="pl-screen" data-game={info.gameCode} data-busy={busy ? '1' : undefined}>
      <header className="pl-top">
        <button type="button" className="pl-icon-btn pl-back" onClick={leave} aria-label={t('backToLobby')}>
          <PlayIcon name="back" />
        </button>
        <h1 className="pl-title">{info.name}</h1>
        <button
          type="button"
          className="pl-icon-btn"
          onClick={toggleMute}
          aria-pressed={muted}
          aria-label={muted ? t('soundOn') : t('soundOff')}
        >
          <PlayIcon name={muted ? 'soundOff' : 'soundOn'} />
        </button>
        <button
          type="button"
          className="pl-icon-btn"
          onClick={() => setSheet('rules')}
          aria-label={t('rules')}
        >
          <PlayIcon name="info" />
        </button>
      </header>

      <div className="pl-hud" aria-live="off">
        <span>
          <PlayIcon name="clock" size={14} />{' '}
          <span className="pl-num">{formatElapsed(now - stats.startedAt)}</span>
        </span>
        <span>
          {t('net')}{' '}
          <span
            className={`pl-num ${net > 0 ? 'pl-gain' : net < 0 ? 'pl-loss' : ''}`}
            dir="ltr"
            data-testid="session-net"
          >
            {net > 0 ? '+' : net < 0 ? '−' : ''}
            {money(Math.abs(net))}
          </span>
        </span>
        <span>{t('roundsCount', { n: stats.rounds })}</span>
      </div>

      <main className={`pl-stage pl-stage-${view.kind}${freeSpin ? ' is-free' : ''}`}>
        <RoundStage
          info={info}
          view={view}
          frame={frame}
          spinning={spinning}
          spinCount={spinCount}
          dropKey={dropKey}
          banner={banner}
          outcome={outcome}
          money={money}
        />
      </main>

      <GameOptions info={info} state={options} onChange={changeOptions} disabled={busy} />

      <footer className="pl-controls">
        <div className="pl-meters">
          <div className="pl-meter">
            <span>{t('balance')}</span>
            <b className="pl-num" dir="ltr" data-testid="game-balance">
              {shownBalance === undefined ? '—' : money(shownBalance)}
            </b>
          </div>
          <WinMeter amount={lastWin} outcome={outcome} money={money} />
        </div>
        <div className="pl-actions">
          <button
            type="button"
            className="pl-icon-btn pl-history-btn"
            onClick={() => setSheet('history')}
            disabled={busy}
            aria-label={t('history')}
          >
            <PlayIcon name="history" />
          </button>
          <div className="pl-stake" role="group" aria-label={t('stake')}>
            <button
              type="button"
              className="pl-step"
              onClick={() => setStakeIndex((i) => Math.max(0, i - 1))}
              disabled={busy || stakeIndex === 0}
              aria-label={t('stakeDown')}
            >
              −
            </button>
            <div className="pl-stake-value">
              <span>{t('stake')}</span>
              <b className="pl-num" dir="ltr" data-testid="game-stake">
                {money(stakeMinor)}
              </b>
            </div>
            <button
              type="button"
              className="pl-step"
              onClick={() => setStakeIndex((i) => Math.min(info.stakes.length - 1, i + 1))}
              disabled={busy || stakeIndex >= info.stakes.length - 1}
              aria-label={t('stakeUp')}
            >
              +
            </button>
          </div>
          <button
            type="button"
            className="pl-spin"
            onClick={spin}
            disabled={busy || checkDue}
            aria-label={t(`verbs.${spinVerb(info.gameCode)}`)}
          >
            <PlayIcon name="spin" size={30} />
            <span>{t(`verbs.${spinVerb(info.gameCode)}`)}</span>
          </button>
        </div>
        {!info.safety.autoplay && (
          <p className="pl-safety">{t('noAutoplay', { seconds: info.safety.minSpinMs / 1000 })}</p>
        )}
      </footer>

      {sheet === 'rules' && <RulesSheet info={info} onClose={() => setSheet(undefined)} />}
      {sheet === 'history' && (
        <HistorySheet
          gameCode={info.gameCode}
          symbol={symbol}
          onReplay={replay}
          onClose={() => setSheet(undefined)}
        />
      )}
      {checkDue && !busy && (
        <RealityCheckDialog
          elapsedMs={now - stats.startedAt}
          stats={stats}
          money={money}
          onContinue={() => setCheckDue(false)}
          onLeave={leave}
        />
      )}
      <Toaster />
    </div>
  );
}

/** The stake a game opens with: 1.00 when offered, else the smallest. */
function defaultStakeIndex(stakes: readonly string[]): number {
  const one = stakes.indexOf('1.00');
  return one >= 0 ? one : 0;
}
