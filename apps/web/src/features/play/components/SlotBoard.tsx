import { useMemo } from 'react';
import { symbolLook } from '../symbols.ts';
import type { SlotFrame } from '../view.ts';

/** A symbol tile; `small` for the win list and the paytable. */
export function Tile({
  symbol,
  state,
  small,
}: {
  symbol: string;
  /** `win`: part of a net win (gold, pulsing); `paid`: paid in a round that still lost (outlined only). */
  state?: 'win' | 'paid' | 'dim' | undefined;
  small?: boolean;
}) {
  const look = symbolLook(symbol);
  return (
    <span
      className={`pl-tile pl-tone-${look.tone}${state ? ` is-${state}` : ''}${small ? ' pl-tile-sm' : ''}`}
      data-symbol={symbol}
    >
      <span className={`pl-glyph${[...look.glyph].length > 2 ? ' pl-glyph-long' : ''}`} aria-hidden="true">
        {look.glyph}
      </span>
    </span>
  );
}

interface Props {
  /** The frame on the reels (or the idle screen's). */
  frame: SlotFrame;
  /** Reels still spinning, by index. */
  spinning: readonly boolean[];
  /** Symbols the spinning strips flash through. */
  symbols: readonly string[];
  /** Changes when the frame's symbols fell in anew (a cascade step or a new spin). */
  dropKey: string;
  /** Whether the round returned more than its stake: only then do paying cells glow as wins. */
  celebrate: boolean;
  label: string;
}

/**
 * The reels: each reel spins as a blurred strip of the game's symbols and lands on the frame's column;
 * paying cells pulse (outlined only when the round as a whole lost) and the rest dim. Reels read left to right in every language (the payline
 * order is the maths'), so the board is `dir="ltr"` even on a right-to-left page.
 */
export function SlotBoard({ frame, spinning, symbols, dropKey, celebrate, label }: Props) {
  const reels = frame.grid.length;
  const rows = frame.grid[0]?.length ?? 3;
  const winning = useMemo(() => {
    const set = new Set<string>();
    for (const w of frame.wins) for (const [r, row] of w.cells) set.add(`${r}:${row}`);
    return set;
  }, [frame]);
  const anySpinning = spinning.some(Boolean);
  const strip = useMemo(
    () =>
      Array.from({ length: rows * 3 }, (_, i) => symbols[(i * 7 + 3) % Math.max(1, symbols.length)] ?? '?'),
    [rows, symbols],
  );
  return (
    <div
      className="pl-board"
      dir="ltr"
      role="img"
      aria-label={label}
      style={{ ['--reels' as string]: reels, ['--rows' as string]: rows }}
    >
      {frame.grid.map((column, r) => (
        <div key={r} className={`pl-reel${spinning[r] ? ' is-spinning' : ''}`}>
          {spinning[r] ? (
            <div className="pl-strip" style={{ animationDelay: `${-r * 60}ms` }}>
              {[...strip, ...strip].map((s, i) => (
                <Tile key={i} symbol={s} />
              ))}
            </div>
          ) : (
            <div className="pl-column" key={`${dropKey}:${r}`} style={{ animationDelay: `${r * 40}ms` }}>
              {column.map((s, row) => (
                <Tile
                  key={row}
                  symbol={s}
                  state={
                    anySpinning || winning.size === 0
                      ? undefined
                      : winning.has(`${r}:${row}`)
                        ? celebrate
                          ? 'win'
                          : 'paid'
                        : 'dim'
                  }
                />
              ))}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
