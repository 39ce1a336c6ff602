import { describe, expect, it } from 'vitest';
import { readCatalogue } from '@playhouse/i18n/node-catalogue';
import { creditedLabel } from './payment-rules.ts';

describe("a deposit's credited amount", () => {
  it('says "you will receive" only while the deposit waits, never once it is rejected or failed', () => {
    expect(creditedLabel('PENDING')).toBe('summary.credited');
    expect(creditedLabel('APPROVED')).toBe('history.credited');
    expect(creditedLabel('REJECTED')).toBeUndefined();
    expect(creditedLabel('FAILED')).toBeUndefined();
    const pay = readCatalogue('EN', 'pay') as { summary: { credited: string } };
    expect(pay.summary.credited).toBe('You will receive');
  });
});
