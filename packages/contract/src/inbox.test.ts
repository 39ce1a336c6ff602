import { describe, expect, it } from 'vitest';
import { BroadcastCreateSchema, FeedbackSubmitSchema, badgeText, countWords } from './inbox.ts';

describe('feedback comment bounds', () => {
  it('counts words by the language’s own boundaries', () => {
    expect(countWords('  My deposit   arrived late ')).toBe(4);
    expect(countWords('')).toBe(0);
    expect(countWords('充值很慢，请帮忙')).toBeGreaterThanOrEqual(2);
    expect(countWords('وصل الإيداع متأخرًا')).toBe(3);
  });

  it('takes 140 characters within the word bounds, trimmed, and only known fields', () => {
    expect(FeedbackSubmitSchema.safeParse({ category: 'GAME', comment: 'Slow' }).success).toBe(false);
    expect(FeedbackSubmitSchema.safeParse({ category: 'GAME', comment: 'a '.repeat(71) }).success).toBe(
      false,
    );
    const ok = FeedbackSubmitSchema.parse({ category: 'GAME', comment: '  Game froze twice  ' });
    expect(ok).toEqual({ category: 'GAME', comment: 'Game froze twice', uploadIds: [] });
    expect(
      FeedbackSubmitSchema.safeParse({ category: 'GAME', comment: 'Game froze', status: 'ANSWERED' }).success,
    ).toBe(false);
  });
});

describe('broadcasts and badges', () => {
  it('takes texts keyed by language code or * only', () => {
    expect(BroadcastCreateSchema.safeParse({ contents: { EN: { title: 'a', content: 'b' } } }).success).toBe(
      true,
    );
    expect(BroadcastCreateSchema.safeParse({ contents: { xx: { title: 'a', content: 'b' } } }).success).toBe(
      false,
    );
    expect(BroadcastCreateSchema.safeParse({ contents: {} }).success).toBe(false);
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
