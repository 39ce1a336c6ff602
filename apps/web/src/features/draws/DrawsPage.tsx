import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawOutcome } from './DrawOutcome.tsx';
import { Link, useLocation } from 'react-router';
import type { BetTypeRules, OpenDraw } from '@playhouse/contract/draws';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { useSession } from '../../session/session.ts';
import { showToast } from '../../shell/toast.tsx';
import {
  useCancelTicket,
  useDrawList,
  useOrder,
  useResults,
  useRules,
  useTickets,
  type PlayType,
  type Ticket,
} from './api.ts';
import './draws.css';

const money = (amount: string | number) => formatMoney(Number(amount));
/** Selections typed as digits rather than tapped (one in a hundred or a thousand). */
const TYPED = new Set(['LAST2', 'STRAIGHT']);
const CHIPS = [1, 5, 10, 50, 100];

interface Pick {
  betType: string;
  selection: string;
  amount: number;
  odds: string;
}

/** The device's clock, read every second (the countdowns and the cancel buttons follow it). */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Seconds until `at` on the server's clock (the device's may be off), ticking every second. */
function useRemaining(at: number | undefined, serverTime: number | undefined) {
  const now = useNow();
  // The server's clock minus the device's, taken when the draw was read.
  const [offset] = useState(() => (serverTime === undefined ? 0 : serverTime - Date.now()));
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now - offset) / 1000));
}

const clock = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/** The faces a ball can show while it rolls: digits for Pick 3, dice faces for Fast 3. */
const FACES: Record<string, number[]> = {
  K3: [1, 2, 3, 4, 5, 6],
  LOTT3: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
};

function Balls({
  balls,
  rolling,
  reveal,
  faces = FACES.LOTT3!,
}: {
  balls: number[] | null;
  rolling?: number;
  reveal?: boolean;
  faces?: number[];
}) {
  if (rolling)
    return (
      <div className="dr-balls" dir="ltr" aria-hidden="true">
        {Array.from({ length: rolling }, (_, i) => (
          <span key={i} className="dr-ball dr-ball-rolling" style={{ animationDelay: `${i * 90}ms` }}>
            <span
              className="dr-ball-spin"
              style={{
                // Each ball spins through its faces at its own pace, from its own starting face.
                ['--spin' as string]: `-${faces.length * 46}px`,
                animationDuration: `${0.35 + i * 0.12}s`,
                animationDelay: `-${i * 0.17}s`,
              }}
            >
              {faces.join(' ')}
            </span>
          </span>
        ))}
      </div>
    );
  return (
    <div className="dr-balls" dir="ltr" data-testid="draw-balls">
      {(balls ?? []).map((b, i) => (
        <span
          key={i}
          className={`dr-ball${reveal ? ' dr-ball-drop' : ''}`}
          style={reveal ? { animationDelay: `${i * 600}ms` } : undefined}
        >
          {b}
        </span>
      ))}
    </div>
  );
}

/** The open draw: numero, the countdown to closing (then to the draw), the seed's commitment. */
function DrawHeader({ draw, onClosed }: { draw: OpenDraw; onClosed: () => void }) {
  const { t } = useTranslation('draws');
  const toClose = useRemaining(draw.closeAt, draw.serverTime);
  const toDraw = useRemaining(draw.drawAt, draw.serverTime);
  const fired = useRef<string | null>(null);
  useEffect(() => {
    if (toClose === 0 && fired.current !== draw.numero) {
      fired.current = draw.numero;
      onClosed();
    }
  }, [toClose, draw.numero, onClosed]);
  return (
    <section className="dr-card dr-head" aria-live="polite">
      <div>
        <p className="dr-muted">{t('draw', { numero: draw.numero })}</p>
        <p className="dr-countdown" data-testid="countdown">
          {toClose ? (
            <>
              <span className="dr-muted">{t('closesIn')}</span> <bdi dir="ltr">{clock(toClose)}</bdi>
            </>
          ) : (
            <span>{t('closedDrawIn', { time: clock(toDraw ?? 0) })}</span>
          )}
        </p>
      </div>
      <p className="dr-seed" title={draw.serverSeedHash}>
        <span className="dr-muted">{t('seedHash')}</span>{' '}
        <bdi dir="ltr">{draw.serverSeedHash.slice(0, 12)}…</bdi>
      </p>
    </section>
  );
}

function BetBoard({ rules, onPick }: { rules: BetTypeRules[]; onPick: (p: Omit<Pick, 'amount'>) => void }) {
  const { t } = useTranslation('draws');
  const enabled = rules.filter((r) => r.enabled);
  const [type, setType] = useState(enabled[0]?.betType);
  const [typed, setTyped] = useState('');
  const current = enabled.find((r) => r.betType === type) ?? enabled[0];
  if (!current) return null;
  const oddsOf = (s: string) => current.odds[s] ?? current.odds['*']!;
  const label = (s: string) => (/^[A-Z]+$/.test(s) ? t(`selections.${s}`) : s);
  const digits = current.selections[0]?.length ?? 1;
  const add = (selection: string) => onPick({ betType: current.betType, selection, odds: oddsOf(selection) });
  return (
    <section className="dr-card" aria-labelledby="dr-bets">
      <h2 className="dr-title" id="dr-bets">
        {t('chooseBet')}
      </h2>
      <div className="dr-tabs" role="tablist">
        {enabled.map((r) => (
          <button
            key={r.betType}
            type="button"
            role="tab"
            aria-selected={r.betType === current.betType}
            className="dr-tab"
            onClick={() => {
              setType(r.betType);
              setTyped('');
            }}
          >
            {t(`betTypes.${r.betType}`)}
          </button>
        ))}
      </div>
      <p className="dr-muted dr-small">
        {t(`help.${current.betType}`)} {t('rtp', { rtp: (current.rtp * 100).toFixed(2) })}
      </p>
      {TYPED.has(current.betType) ? (
        <form
          className="dr-typed"
          onSubmit={(event) => {
            event.preventDefault();
            if (current.selections.includes(typed)) {
              add(typed);
              setTyped('');
            }
          }}
        >
          <label className="dr-muted" htmlFor="dr-digits">
            {t('enterDigits', { digits })}
          </label>
          <input
            id="dr-digits"
            className="dr-input"
            dir="ltr"
            inputMode="numeric"
            pattern={`[0-9]{${digits}}`}
            maxLength={digits}
            value={typed}
            onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
          />
          <button type="submit" className="btn btn-primary" disabled={typed.length !== digits}>
            {t('add')} <bdi dir="ltr">×{oddsOf(typed || current.selections[0]!)}</bdi>
          </button>
        </form>
      ) : (
        <div className="dr-grid">
          {current.selections.map((s) => (
            <button
              key={s}
              type="button"
              className="dr-pick"
              onClick={() => add(s)}
              data-testid={`pick-${current.betType}-${s}`}
            >
              <span className="dr-pick-label">{label(s)}</span>
              <bdi className="dr-pick-odds" dir="ltr">
                ×{oddsOf(s)}
              </bdi>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function BetSlip({
  picks,
  setPicks,
  draw,
  rules,
}: {
  picks: Pick[];
  setPicks: (p: Pick[]) => void;
  draw: OpenDraw;
  rules: BetTypeRules[];
}) {
  const { t } = useTranslation('draws');
  const session = useSession();
  const order = useOrder();
  const [chip, setChip] = useState(CHIPS[0]!);
  const requestId = useRef(crypto.randomUUID());
  const total = picks.reduce((s, p) => s + p.amount, 0);
  const potential = picks.reduce((s, p) => s + p.amount * Number(p.odds), 0);

  const limitOf = (betType: string) => rules.find((r) => r.betType === betType);
  const setAmount = (i: number, amount: number) =>
    setPicks(picks.map((p, j) => (j === i ? { ...p, amount } : p)));

  const buy = async () => {
    try {
      const done = await order.mutateAsync({
        gameCode: draw.gameCode,
        numero: draw.numero,
        requestId: requestId.current,
        bets: picks.map((p) => ({ betType: p.betType, selection: p.selection, amount: p.amount.toFixed(2) })),
      });
      requestId.current = crypto.randomUUID();
      setPicks([]);
      showToast(t('bought', { n: done.tickets.length }), { kind: 'success' });
    } catch (error) {
      // A refused order moved nothing: the next try is a new request.
      requestId.current = crypto.randomUUID();
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
    }
  };

  return (
    <section className="dr-card" aria-labelledby="dr-slip">
      <h2 className="dr-title" id="dr-slip">
        {t('slip')}
      </h2>
      <div className="dr-chips" role="group" aria-label={t('stake')}>
        {CHIPS.map((c) => (
          <button
            key={c}
            type="button"
            className="dr-chip"
            aria-pressed={chip === c}
            onClick={() => {
              setChip(c);
              setPicks(
                picks.map((p) => {
                  const r = limitOf(p.betType);
                  const max = r ? Number(r.maxStake) : c;
                  return { ...p, amount: Math.min(c, max) };
                }),
              );
            }}
          >
            <bdi dir="ltr">{c}</bdi>
          </button>
        ))}
      </div>
      {picks.length ? (
        <ul className="dr-slip" data-testid="slip">
          {picks.map((p, i) => (
            <li key={`${p.betType}-${p.selection}`}>
              <span>
                {t(`betTypes.${p.betType}`)}{' '}
                <strong>
                  {/^[A-Z]+$/.test(p.selection) ? (
                    t(`selections.${p.selection}`)
                  ) : (
                    <bdi dir="ltr">{p.selection}</bdi>
                  )}
                </strong>
                <span className="dr-muted dr-small">
                  {' '}
                  <bdi dir="ltr">×{p.odds}</bdi>
                </span>
              </span>
              <span className="dr-slip-amount">
                <input
                  className="dr-input dr-input-sm"
                  dir="ltr"
                  inputMode="numeric"
                  aria-label={t('stake')}
                  value={p.amount}
                  onChange={(e) =>
                    setAmount(i, Math.max(0, Math.floor(Number(e.target.value.replace(/\D/g, '')) || 0)))
                  }
                />
                <button
                  type="button"
                  className="dr-remove"
                  aria-label={t('remove')}
                  onClick={() => setPicks(picks.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="dr-muted">{t('slipEmpty')}</p>
      )}
      <dl className="dr-totals">
        <div>
          <dt>{t('total')}</dt>
          <dd dir="ltr">{money(total)}</dd>
        </div>
        <div>
          <dt>{t('potential')}</dt>
          <dd dir="ltr">{money(potential)}</dd>
        </div>
      </dl>
      {session ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!picks.length || total <= 0 || order.isPending}
          onClick={() => void buy()}
          data-testid="buy"
        >
          {order.isPending ? t('buying') : t('buy', { amount: money(total) })}
        </button>
      ) : (
        <Link className="btn btn-primary btn-block" to="/m/login">
          {t('loginToBuy')}
        </Link>
      )}
    </section>
  );
}

/** The draw being drawn (balls rolling) and then revealed one by one, with what the member won. */
function DrawStage({
  gameCode,
  waiting,
  onSettled,
  tickets,
  size,
}: {
  gameCode: string;
  waiting: string | null;
  onSettled: () => void;
  tickets: Ticket[];
  size: number;
}) {
  const { t } = useTranslation('draws');
  const results = useResults(gameCode, waiting !== null);
  const latest = results.data?.list.find((r) => r.status === 'settled' || r.status === 'void');
  const done = waiting !== null && latest?.numero === waiting;
  // The draw that was just revealed (its balls drop in); remembered once the wait is over.
  const [revealed, setRevealed] = useState<string | null>(null);
  if (done && revealed !== waiting) setRevealed(waiting);
  useEffect(() => {
    if (done) onSettled();
  }, [done, onSettled]);
  if (!latest && waiting === null) return null;
  const mine = tickets.filter((tk) => tk.numero === (waiting ?? latest?.numero));
  return (
    <section className="dr-card dr-stage" aria-live="polite" data-testid="draw-stage">
      {waiting !== null && !done ? (
        <>
          <p className="dr-title">{t('drawing', { numero: waiting })}</p>
          <Balls balls={null} rolling={size} faces={FACES[gameCode]} />
        </>
      ) : latest ? (
        <>
          <p className="dr-muted">{t('draw', { numero: latest.numero })}</p>
          {latest.status === 'void' ? (
            <p>{t('status.void')}</p>
          ) : (
            <Balls balls={latest.result} reveal={revealed === latest.numero} />
          )}
          {mine.length > 0 && mine.every((tk) => tk.status !== 'open') && (
            <DrawOutcome tickets={mine} noWin={t('noWin')} testId="draw-outcome" />
          )}
        </>
      ) : null}
    </section>
  );
}

function Results({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation('draws');
  const results = useResults(gameCode, false);
  const list = (results.data?.list ?? []).filter((r) => r.status === 'settled' || r.status === 'void');
  return (
    <section className="dr-card" aria-labelledby="dr-results">
      <h2 className="dr-title" id="dr-results">
        {t('results')}
      </h2>
      {list.length ? (
        <ul className="dr-list">
          {list.map((r) => (
            <li key={r.numero}>
              <details>
                <summary>
                  <span className="dr-muted">
                    <bdi dir="ltr">{r.numero}</bdi>
                  </span>
                  {r.status === 'void' ? <span>{t('status.void')}</span> : <Balls balls={r.result} />}
                </summary>
                <dl className="dr-fair">
                  <dt>{t('seedHash')}</dt>
                  <dd dir="ltr">{r.serverSeedHash}</dd>
                  <dt>{t('serverSeed')}</dt>
                  <dd dir="ltr">{r.serverSeed}</dd>
                  <dt>{t('clientSeed')}</dt>
                  <dd dir="ltr">{r.clientSeed}</dd>
                </dl>
                <p className="dr-muted dr-small">{t('fairHow')}</p>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className="dr-muted">{t('noResults')}</p>
      )}
    </section>
  );
}

function MyTickets({ tickets }: { tickets: Ticket[] }) {
  const { t } = useTranslation('draws');
  const cancel = useCancelTicket();
  const now = useNow();
  const run = async (ticketId: string) => {
    try {
      const done = await cancel.mutateAsync(ticketId);
      showToast(t('cancelled', { amount: money(done.refund) }), { kind: 'success' });
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
    }
  };
  return (
    <section className="dr-card" aria-labelledby="dr-tickets">
      <h2 className="dr-title" id="dr-tickets">
        {t('myTickets')}
      </h2>
      {tickets.length ? (
        <ul className="dr-list" data-testid="tickets">
          {tickets.map((tk) => (
            <li key={tk.ticketId} className="dr-ticket" data-status={tk.status}>
              <span>
                {t(`betTypes.${tk.betType}`)}{' '}
                <strong>
                  {/^[A-Z]+$/.test(tk.selection) ? (
                    t(`selections.${tk.selection}`)
                  ) : (
                    <bdi dir="ltr">{tk.selection}</bdi>
                  )}
                </strong>
                <span className="dr-muted dr-small dr-block">
                  <bdi dir="ltr">{tk.numero}</bdi> · {t('stakeOf', { amount: money(tk.stake) })}
                </span>
              </span>
              <span className="dr-ticket-end">
                <span className={`dr-status dr-status-${tk.status}`}>
                  {tk.status === 'won' ? t('wonAmount', { amount: money(tk.win) }) : t(`status.${tk.status}`)}
                </span>
                {tk.status === 'open' && tk.closeAt > now && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={cancel.isPending}
                    onClick={() => void run(tk.ticketId)}
                  >
                    {t('cancel')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="dr-muted">{t('noTickets')}</p>
      )}
    </section>
  );
}

/** /m/lott (Tradition) and /m/elott (Entertainment): the open draw, the bet slip, the draw, results and tickets. */
export default function DrawsPage() {
  const { t } = useTranslation('draws');
  const { pathname } = useLocation();
  const playType: PlayType = pathname.toLowerCase().includes('elott') ? 'ent' : 'trad';
  const list = useDrawList(playType);
  const [chosen, setChosen] = useState<string>();
  const game = list.data?.list.find((g) => g.gameCode === chosen) ?? list.data?.list[0];
  const rules = useRules(game?.gameCode);
  const tickets = useTickets(game?.gameCode);
  const [picks, setPicks] = useState<Pick[]>([]);
  const [waiting, setWaiting] = useState<string | null>(null);
  const { refetch } = list;
  const refetchTickets = tickets.refetch;
  const onSettled = useCallback(() => {
    void refetchTickets();
    setWaiting(null);
  }, [refetchTickets]);

  if (list.isError)
    return (
      <div className="dr-page">
        <div className="dr-card" role="alert">
          <p>{list.error instanceof ApiError ? list.error.message : t('loadError')}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void list.refetch()}>
            {t('retry')}
          </button>
        </div>
      </div>
    );
  if (!list.data || !rules.data)
    return (
      <div className="dr-page">
        <div className="dr-skeleton" aria-hidden="true" />
      </div>
    );
  if (!game || !game.draw)
    return (
      <div className="dr-page">
        <p className="dr-card dr-muted">{t('noGames')}</p>
      </div>
    );
  const draw = game.draw;

  return (
    <div className="dr-page">
      {list.data.list.length > 1 && (
        <div className="dr-tabs" role="tablist">
          {list.data.list.map((g) => (
            <button
              key={g.gameCode}
              type="button"
              role="tab"
              className="dr-tab"
              aria-selected={g.gameCode === game.gameCode}
              onClick={() => setChosen(g.gameCode)}
            >
              {g.name}
            </button>
          ))}
        </div>
      )}
      <h1 className="dr-game">{game.name}</h1>
      <DrawHeader
        draw={draw}
        onClosed={() => {
          setWaiting(draw.numero);
          void refetch();
        }}
      />
      <DrawStage
        gameCode={game.gameCode}
        waiting={waiting}
        size={3}
        tickets={tickets.data?.list ?? []}
        onSettled={onSettled}
      />
      <BetBoard
        key={game.gameCode}
        rules={rules.data.betTypes}
        onPick={(p) =>
          setPicks((current) =>
            current.some((c) => c.betType === p.betType && c.selection === p.selection)
              ? current
              : [
                  ...current,
                  {
                    ...p,
                    amount: Math.max(
                      1,
                      Number(rules.data.betTypes.find((r) => r.betType === p.betType)?.minStake ?? 1),
                    ),
                  },
                ],
          )
        }
      />
      <BetSlip picks={picks} setPicks={setPicks} draw={draw} rules={rules.data.betTypes} />
      <MyTickets tickets={tickets.data?.list ?? []} />
      <Results gameCode={game.gameCode} />
    </div>
  );
}
