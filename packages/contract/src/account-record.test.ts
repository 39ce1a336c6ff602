import { describe, expect, it } from 'vitest';
import { ENTRY_KINDS } from './wallet.ts';
import {
  addDays,
  addMonths,
  KIND_TYPE,
  kindsOfType,
  latestEndDay,
  parseDay,
  RECORD_TYPES,
} from './account-record.ts';

describe('record types', () => {
  it('list every entry kind under exactly one type', () => {
    const listed = RECORD_TYPES.flatMap(kindsOfType);
    expect([...listed].sort()).toEqual([...ENTRY_KINDS].sort());
    expect(kindsOfType('transfer')).toEqual(['transfer_in', 'transfer_out']);
    expect(KIND_TYPE.jackpot).toBe('win');
  });
});

describe('days', () => {
  it('parses real days only', () => {
    expect(parseDay('2024-02-29')).toEqual({ y: 2024, m: 2, d: 29 });
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-01', '25-01-01', '2025-01-01T00:00', '1969-12-31'])
      expect(parseDay(bad), bad).toBeUndefined();
  });

  it('adds days and calendar months, clamped to the month end', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-11-30', 3)).toBe('2025-02-28');
    expect(addMonths('2025-10-15', 3)).toBe('2026-01-15');
  });

  it('ends a period at most three months less a day after its start', () => {
    expect(latestEndDay('2025-01-01')).toBe('2025-03-31');
    expect(latestEndDay('2025-01-15')).toBe('2025-04-14');
    expect(latestEndDay('2025-11-30')).toBe('2026-02-27');
  });
});
