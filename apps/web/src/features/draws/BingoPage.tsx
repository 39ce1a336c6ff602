import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawOutcome } from './DrawOutcome.tsx';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { useSession } from '../../session/session.ts';
import { showToast } from '../../shell/toast.tsx';
import { useBingoCards, useBingoRound, useOrder, type BingoCardTicket, type BingoRound } from './api.ts';
import './draws.css';
import './bingo.css';

const money = (amount: string | number) => formatMoney(Number(amount));
const LETTERS = ['B', 'I', 'N', 'G', 'O'];
const letterOf = (ball: number) => LETTERS[Math.floor((ball - 1) / 15)]!;
const PRICES = [1, 2, 5, 10, 20];
const COUNTS = [1, 2, 3, 4];
/** The squares of each pattern on a 5 × 5 card (for the prize table's little pictures). */
const PATTERN_SQUARES: Record<string, number[]> = {
  LINE: [10, 11, 12, 13, 14],
  CORNERS: [0, 4, 20, 24],
  X: [0, 6, 12, 18, 24, 4, 8, 16, 20],
  FRAME: Array.from({ length: 25 }, (_, i) => i).filter(
    (i) => i < 5 || i >= 20 || i % 5 === 0 || i % 5 === 4,
  ),
  BLACKOUT: Array.from({ length: 25 }, (_, i) => i),
};

/** The device's clock every quarter second (balls fall between two answers of the server). */
function useNow(ms = 250) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

function Card({ numbers, called, compact }: { numbers: number[]; called: Set<number>; compact?: boolean }) {
  return (
    <div className={`bg-card${compact ? ' bg-card-sm' : ''}`} dir="ltr">
      {LETTERS.map((l) => (
        <span key={l} className="bg-card-head">
          {l}
        </span>
      ))}
      {numbers.map((n, i) => (
        <span
          key={i}
          className={`bg-sq${n === 0 ? ' bg-sq-free' : ''}${n !== 0 && called.has(n) ? ' bg-sq-daubed' : ''}`}
          data-daubed={n !== 0 && called.has(n) ? 'true' : undefined}
        >
          {n === 0 ? '★' : n}
        </span>
      ))}
    </div>
  );
}

/** The round being called: the last ball large, the ones before it, the board of 75. */
function LiveRound({ round, offset, mine }: { round: BingoRound; offset: number; mine: BingoCardTicket[] }) {
  const { t } = useTranslation('draws');
  const now = useNow() + offset;
  const live = round.live!;
  const finished = live.status === 'settled' || now >= live.drawAt;
  const count = finished
    ? live.called.length
    : Math.max(0, Math.min(live.called.length, Math.floor((now - live.closeAt) / live.callMs)));
  const shown = live.called.slice(0, count);
  const calledSet = new Set(shown);
  const last = shown.at(-1);
  const settled = live.status === 'settled';
  return (
    <section className="dr-card" aria-labelledby="bg-live" data-testid="bingo-live">
      <div className="bg-live-head">
        <div>
          <h2 className="dr-title" id="bg-live">
            {t('bingo.round', { numero: live.numero })}
          </h2>
          <p className="bg-live-status" aria-live="polite" data-testid="bingo-status">
            {settled
              ? t('bingo.over')
              : count === 0
                ? t('bingo.callingSoon')
                : t('bingo.ball', { n: count, total: live.ballCount })}
          </p>
        </div>
        {last !== undefined && (
          <span className="bg-ball bg-ball-big" key={last} data-testid="bingo-last-ball">
            <small>{letterOf(last)}</small>
            {last}
          </span>
        )}
      </div>
      <div className="bg-recent" dir="ltr" aria-label={t('bingo.board')}>
        {shown
          .slice(-7, -1)
          .reverse()
          .map((b) => (
            <span key={b} className="bg-ball">
              {b}
            </span>
          ))}
      </div>
      <div className="bg-board" dir="ltr" aria-hidden="true">
        {LETTERS.map((l, row) => (
          <div key={l} className="bg-board-row">
            <span className="bg-board-letter">{l}</span>
            {Array.from({ length: 15 }, (_, i) => row * 15 + i + 1).map((n) => (
              <span key={n} className={calledSet.has(n) ? 'bg-board-on' : undefined}>
                {n}
              </span>
            ))}
          </div>
        ))}
      </div>
      {mine.length > 0 && (
        <>
          {settled && mine.every((c) => c.status !== 'open') && (
            <DrawOutcome tickets={mine} noWin={t('bingo.noWin')} testId="bingo-outcome" />
          )}
          <div className="bg-cards" data-testid="bingo-live-cards">
            {mine.map((c) => (
              <figure key={c.ticketId} className="bg-card-wrap" data-status={c.status}>
                <Card numbers={c.numbers} called={calledSet} />
                <figcaption>
                  {settled && c.status !== 'open' ? (
                    c.pattern ? (
                      <strong className="dr-win">
                        {t(`bingo.patterns.${c.pattern}`)} · {t('wonAmount', { amount: money(c.win) })}
                      </strong>
                    ) : (
                      <span className="dr-muted">{t('bingo.noPattern')}</span>
                    )
                  ) : (
                    <span className="dr-muted">
                      {c.patterns.length
                        ? c.patterns.map((p) => t(`bingo.patterns.${p}`)).join(' · ')
                        : t('stakeOf', { amount: money(c.stake) })}
                    </span>
                  )}
                </figcaption>
              </figure>
            ))}
          </div>
        </>
      )}
      {settled && live.serverSeed && (
        <details className="dr-small">
          <summary className="dr-muted">{t('bingo.fairTitle')}</summary>
          <dl className="dr-fair">
            <dt>{t('seedHash')}</dt>
            <dd dir="ltr">{live.serverSeedHash}</dd>
            <dt>{t('serverSeed')}</dt>
            <dd dir="ltr">{live.serverSeed}</dd>
            <dt>{t('clientSeed')}</dt>
            <dd dir="ltr">{live.clientSeed}</dd>
          </dl>
          <p className="dr-muted dr-small">{t('bingo.fairHow')}</p>
        </details>
      )}
    </section>
  );
}

/** The round taking cards: its countdown, cards to choose, price, and the buy button. */
function BuyCards({ round, offset, mine }: { round: BingoRound; offset: number; mine: BingoCardTicket[] }) {
  const { t } = useTranslation('draws');
  const session = useSession();
  const order = useOrder();
  const open = round.open!;
  const now = useNow(1000) + offset;
  const left = Math.max(0, Math.ceil((open.closeAt - now) / 1000));
  const [count, setCount] = useState(1);
  const [deal, setDeal] = useState(0);
  const cards = useBingoCards(count, deal);
  const prices = PRICES.filter((p) => p >= Number(round.price.min) && p <= Number(round.price.max));
  const [price, setPrice] = useState(prices[0] ?? 1);
  const requestId = useRef(crypto.randomUUID());
  const list = cards.data?.list ?? [];
  const total = price * list.length;

  const buy = async () => {
    try {
      const done = await order.mutateAsync({
        gameCode: 'BINGO75',
        numero: open.numero,
        requestId: requestId.current,
        bets: list.map((c) => ({ betType: 'CARD', selection: c.cardCode, amount: price.toFixed(2) })),
      });
      showToast(t('bingo.bought', { n: done.tickets.length }), { kind: 'success' });
      setDeal((d) => d + 1);
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message, { kind: 'error' });
    } finally {
      // A refused order moved nothing, a bought one is done: the next try is a new request.
      requestId.current = crypto.randomUUID();
    }
  };

  return (
    <section className="dr-card" aria-labelledby="bg-buy" data-testid="bingo-buy">
      <div className="dr-head">
        <div>
          <h2 className="dr-title" id="bg-buy">
            {t('bingo.round', { numero: open.numero })}
          </h2>
          <p className="dr-countdown" data-testid="bingo-countdown">
            <span className="dr-muted">{t('bingo.onSaleFor')}</span> <bdi dir="ltr">{clock(left)}</bdi>
          </p>
        </div>
        <p className="dr-seed" title={open.serverSeedHash}>
          <span className="dr-muted">{t('seedHash')}</span>{' '}
          <bdi dir="ltr">{open.serverSeedHash.slice(0, 12)}…</bdi>
        </p>
      </div>
      {mine.length > 0 && (
        <>
          <p className="dr-title">{t('bingo.yourCards')}</p>
          <div className="bg-cards" data-testid="bingo-next-cards">
            {mine.map((c) => (
              <figure key={c.ticketId} className="bg-card-wrap">
                <Card numbers={c.numbers} called={new Set()} compact />
                <figcaption className="dr-muted dr-small">
                  {t('stakeOf', { amount: money(c.stake) })}
                </figcaption>
              </figure>
            ))}
          </div>
        </>
      )}
      <div className="bg-row">
        <span className="dr-muted">{t('bingo.cards')}</span>
        <div className="dr-chips" role="group" aria-label={t('bingo.cards')}>
          {COUNTS.map((n) => (
            <button
              key={n}
              type="button"
              className="dr-chip"
              aria-pressed={count === n}
              onClick={() => setCount(n)}
            >
              <bdi dir="ltr">{n}</bdi>
            </button>
          ))}
        </div>
      </div>
      <div className="bg-row">
        <span className="dr-muted">{t('bingo.price')}</span>
        <div className="dr-chips" role="group" aria-label={t('bingo.price')}>
          {prices.map((p) => (
            <button
              key={p}
              type="button"
              className="dr-chip"
              aria-pressed={price === p}
              onClick={() => setPrice(p)}
            >
              <bdi dir="ltr">{money(p)}</bdi>
            </button>
          ))}
        </div>
      </div>
      <div className="bg-cards" data-testid="bingo-deal">
        {list.map((c) => (
          <Card key={c.cardCode} numbers={c.numbers} called={new Set()} compact />
        ))}
      </div>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDeal((d) => d + 1)}>
        {t('bingo.newCards')}
      </button>
      {session ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!list.length || left === 0 || order.isPending}
          onClick={() => void buy()}
          data-testid="bingo-buy-button"
        >
          {order.isPending ? t('buying') : t('bingo.buy', { amount: money(total) })}
        </button>
      ) : (
        <Link className="btn btn-primary btn-block" to="/m/login">
          {t('bingo.loginToBuy')}
        </Link>
      )}
    </section>
  );
}

function Prizes({ round }: { round: BingoRound }) {
  const { t } = useTranslation('draws');
  return (
    <section className="dr-card" aria-labelledby="bg-prizes">
      <h2 className="dr-title" id="bg-prizes">
        {t('bingo.prizes')}
      </h2>
      <ul className="bg-prizes">
        {Object.entries(round.prizes).map(([pattern, prize]) => (
          <li key={pattern}>
            <span className="bg-mini" aria-hidden="true">
              {Array.from({ length: 25 }, (_, i) => (
                <i key={i} className={PATTERN_SQUARES[pattern]?.includes(i) ? 'on' : undefined} />
              ))}
            </span>
            <span>{t(`bingo.patterns.${pattern}`)}</span>
            <bdi dir="ltr" className="bg-prize">
              ×{prize}
            </bdi>
          </li>
        ))}
      </ul>
      <p className="dr-muted dr-small">
        {t('bingo.how', { balls: round.live?.ballCount ?? 40 })}{' '}
        {t('rtp', { rtp: (round.rtp * 100).toFixed(2) })}
      </p>
    </section>
  );
}

/** /m/bingo: 75-ball bingo — the round being called with the member's cards, the next round's cards, prizes. */
export default function BingoPage() {
  const { t } = useTranslation('draws');
  const session = useSession();
  const round = useBingoRound(Boolean(session));
  // The server's clock minus the device's, taken at each answer.
  const offset = round.data ? round.data.serverTime - round.dataUpdatedAt : 0;

  if (round.isError)
    return (
      <div className="dr-page">
        <div className="dr-card" role="alert">
          <p>{round.error instanceof ApiError ? round.error.message : t('loadError')}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void round.refetch()}>
            {t('retry')}
          </button>
        </div>
      </div>
    );
  if (!round.data)
    return (
      <div className="dr-page">
        <div className="dr-skeleton" aria-hidden="true" />
      </div>
    );
  const data = round.data;
  const mineOn = (numero: string | undefined) => data.cards.filter((c) => c.numero === numero);
  return (
    <div className="dr-page">
      <h1 className="dr-game">{t('bingo.title')}</h1>
      {data.live && <LiveRound round={data} offset={offset} mine={mineOn(data.live.numero)} />}
      {data.open ? (
        <BuyCards round={data} offset={offset} mine={mineOn(data.open.numero)} />
      ) : (
        <p className="dr-card dr-muted">{t('noGames')}</p>
      )}
      <Prizes round={data} />
    </div>
  );
}
