import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  isHousePurpose,
  lockOrder,
  memberDeltas,
  normaliseLegs,
  requestHash,
  type Leg,
} from './ledger-rules.ts';

describe('normaliseLegs', () => {
  it('accepts legs that sum to zero', () => {
    const legs: Leg[] = [
      { member: 7, amount: -100 },
      { house: 'vendor:JILI', amount: 100 },
    ];
    expect(normaliseLegs(legs)).toEqual(legs);
  });

  it('refuses an entry that does not sum to zero', () => {
    expect(() => normaliseLegs([{ member: 7, amount: -100 }])).toThrow(/sum to -100/);
    expect(() =>
      normaliseLegs([
        { member: 7, amount: 100 },
        { house: 'adjustments', amount: -99 },
      ]),
    ).toThrow(/not zero/);
  });

  it('refuses fractions, unsafe numbers and unknown accounts', () => {
    expect(() =>
      normaliseLegs([
        { member: 7, amount: 0.5 },
        { house: 'bonus', amount: -0.5 },
      ]),
    ).toThrow(/integer/);
    expect(() =>
      normaliseLegs([
        { member: 7, amount: 2 ** 60 },
        { house: 'bonus', amount: -(2 ** 60) },
      ]),
    ).toThrow(/integer/);
    expect(() =>
      normaliseLegs([
        { member: 7, amount: 1 },
        { house: 'casino' as never, amount: -1 },
      ]),
    ).toThrow(/unknown house account/);
    expect(() =>
      normaliseLegs([
        { member: 0, amount: 1 },
        { house: 'bonus', amount: -1 },
      ]),
    ).toThrow(/no member/);
  });

  it("merges legs on one house account, keeps a member's legs apart in order, drops zero legs", () => {
    expect(
      normaliseLegs([
        { member: 7, amount: -100 },
        { house: 'vendor:BGS', amount: 97 },
        { house: 'jackpot', amount: 3 },
        { member: 7, amount: 40 },
        { house: 'vendor:BGS', amount: -40 },
      ]),
    ).toEqual([
      { member: 7, amount: -100 },
      { house: 'vendor:BGS', amount: 57 },
      { house: 'jackpot', amount: 3 },
      { member: 7, amount: 40 },
    ]);
    // A movement of nothing leaves no lines: the entry only records the outcome.
    expect(normaliseLegs([])).toEqual([]);
    expect(
      normaliseLegs([
        { member: 7, amount: 0 },
        { house: 'vendor:JILI', amount: 0 },
      ]),
    ).toEqual([]);
  });

  it('caps the number of legs', () => {
    const many: Leg[] = Array.from({ length: 17 }, () => ({ house: 'bonus', amount: 0 }));
    expect(() => normaliseLegs(many)).toThrow(/at most/);
  });
});

describe('house purposes', () => {
  it('names vendors, payment channels and the fixed purposes', () => {
    for (const p of [
      'vendor:JILI',
      'vendor:BGS',
      'payments',
      'payments:GCASH',
      'bonus',
      'adjustments',
      'jackpot',
    ])
      expect(isHousePurpose(p)).toBe(true);
    for (const p of ['vendor:', 'vendor:jili lower', 'house', 'member:1', 'adjustments '])
      expect(isHousePurpose(p)).toBe(false);
  });
});

describe('memberDeltas and lockOrder', () => {
  it('sums per member and locks member accounts in ascending id order', () => {
    expect([
      ...memberDeltas([
        { member: 1, amount: -5 },
        { house: 'bonus', amount: 5 },
      ]),
    ]).toEqual([[1, -5]]);
    expect(lockOrder([{ accountId: 9 }, { accountId: 2 }, { accountId: 5 }]).map((a) => a.accountId)).toEqual(
      [2, 5, 9],
    );
  });
});

describe('requestHash', () => {
  it('ignores key order and undefined fields but not values', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: null, c: 'x' }] })).toBe('{"a":[2,{"c":"x","d":null}],"b":1}');
    expect(requestHash({ a: 1, b: 'x', c: undefined })).toBe(requestHash({ b: 'x', a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
    expect(requestHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
