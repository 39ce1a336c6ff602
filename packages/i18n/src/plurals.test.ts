import { describe, expect, it } from 'vitest';
import { expectedKeys } from './plurals.ts';

describe('plural keys per language', () => {
  const source = { title: 'Games', games_one: '{{count}} game', games_other: '{{count}} games' };

  it('keeps English one/other', () => {
    expect(expectedKeys(source, 'en')).toEqual(source);
  });

  it('asks Russian for one, few, many and other', () => {
    expect(Object.keys(expectedKeys(source, 'ru'))).toEqual([
      'title',
      'games_one',
      'games_few',
      'games_many',
      'games_other',
    ]);
  });

  it('asks Arabic for all six categories and Japanese for other only', () => {
    expect(Object.keys(expectedKeys(source, 'ar')).filter((k) => k.startsWith('games'))).toHaveLength(6);
    expect(expectedKeys(source, 'ja')).toEqual({ title: 'Games', games_other: '{{count}} games' });
  });
});
