import { expect } from 'vitest';
import type { App } from '../../src/app.ts';

/**
 * The ledger check after a money test: every entry sums to zero, every cached balance equals the
 * sum of its lines, none is negative, no line is orphaned. Call it after EVERY test that moves money.
 */
export async function expectLedgerOk(app: App): Promise<{ entries: number }> {
  const report = await app.services.ledger.verify();
  expect(report.breaches).toEqual([]);
  expect(report.ok).toBe(true);
  return { entries: report.entries };
}
