import { describe, expect, it } from 'vitest';
import type { ReportRow } from '@playhouse/contract/reports';
import { entryFigures, missingIds, type JournalEntry } from './report-rules.ts';
import { periodOf, reportCsv } from './reports.service.ts';

const entry = (kind: string, lines: JournalEntry['lines']): JournalEntry => ({
  id: 1,
  operatorId: 1,
  kind,
  memberId: 7,
  currency: 'PHP',
  createdAt: 0,
  lines,
});
const member = (amount: number) => ({ amount, memberId: 7, purpose: null });
const house = (purpose: string, amount: number) => ({ amount, memberId: null, purpose });

describe('report figures of one entry', () => {
  it('reads stakes, wins and refunds from member lines, so GGR is what members lost', () => {
    const round = entryFigures(entry('bet', [member(-1000), house('vendor:BGS', -1500), member(2500)]));
    expect(round).toMatchObject({ staked: true, figures: { stakes: 1000, wins: 2500, bets: 1 } });
    expect(entryFigures(entry('win', [house('vendor:JILI', -300), member(300)])).figures.wins).toBe(300);
    expect(entryFigures(entry('rollback', [house('vendor:JILI', -200), member(200)])).figures.stakes).toBe(
      -200,
    );
  });

  it('counts a withdrawal when it is paid out, not when it is held or returned', () => {
    expect(entryFigures(entry('withdrawal', [member(-500), house('pending', 500)])).figures.withdrawals).toBe(
      0,
    );
    const paid = entryFigures(entry('withdrawal', [house('pending', -500), house('payments:REFPAY', 500)]));
    expect(paid.figures).toMatchObject({ withdrawals: 500, withdrawal_count: 1 });
    expect(entryFigures(entry('withdrawal', [house('pending', -500), member(500)])).figures.withdrawals).toBe(
      0,
    );
  });

  it('finds the ids a batch skipped', () => {
    expect(missingIds(10, [11, 14, 15, 17])).toEqual([12, 13, 16]);
    expect(missingIds(10, [])).toEqual([]);
  });

  it('maps days to weeks from Monday and to months', () => {
    expect(periodOf('2026-11-29', 'week')).toBe('2026-11-23');
    expect(periodOf('2026-11-30', 'week')).toBe('2026-11-30');
    expect(periodOf('2026-11-30', 'month')).toBe('2026-11');
  });
});

describe('report CSV', () => {
  const row = (key: string): ReportRow => ({
    period: '2026-11',
    key,
    stakes: '10.00',
    wins: '12.50',
    ggr: '-2.50',
    bonuses: '0.00',
    commissions: '0.00',
    ngr: '-2.50',
    bets: 1,
    deposits: '0.00',
    depositCount: 0,
    withdrawals: '0.00',
    withdrawalCount: 0,
    players: 1,
    newPlayers: null,
    firstDeposits: null,
  });

  it('neutralises every cell a spreadsheet would run as a formula, and leaves numbers alone', () => {
    const csv = reportCsv(
      ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR', 'JILI/SLOT'].map(row),
      'PHP',
      { period: 'Period', key: '=Key' },
    );
    const lines = csv.slice(1).split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toMatch(/^Period,'=Key,stakes,/);
    const keys = lines.slice(1, -1).map((l) => l.split(',')[1]);
    expect(keys).toEqual(["'=1+1", "'+SUM(A1)", "'-2+3", "'@cmd", "'\tTAB", `"'\rCR"`, 'JILI/SLOT']);
    // A negative amount stays a number.
    expect(lines[1]).toContain(',-2.50,');
    expect(lines.at(-1)).toBe('');
  });
});
