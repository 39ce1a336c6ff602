import { describe, expect, it } from 'vitest';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { GameListQuerySchema, HotGamesQuerySchema, type GameListQuery } from '@playhouse/contract/games';
import { listKey } from './catalogue.service.ts';
import { memoisedQueryValidator } from './memoised-query.ts';

type Validate = (data: unknown) => unknown;
const route = (schema: unknown, httpPart = 'querystring') => ({ schema, method: 'GET', url: '/x', httpPart });
const plain = (schema: unknown) => validatorCompiler(route(schema) as never) as Validate;
const memoised = (schema: unknown, limit?: number, httpPart?: string) =>
  memoisedQueryValidator(limit)(route(schema, httpPart) as never) as Validate;

/** Query objects as Fastify's parser hands them over: strings, arrays for repeated names. */
const QUERIES: Record<string, string | string[]>[] = [
  {},
  {
    merchant: 'demo',
    platform: 'html5',
    clientType: '2',
    gameType: 'RNG',
    pageNo: '1',
    pageSize: '36',
    language: 'EN',
  },
  {
    gameType: '',
    vassalage: '',
    gameName: '',
    gameClassify: '',
    minBet: '',
    minLine: '',
    isNew: '',
    language: '',
  },
  {
    gameType: 'fish',
    vassalage: 'jili',
    gameName: '  Dragon ',
    gameClassify: 'new',
    minBet: '0.50',
    minLine: '20',
  },
  { isNew: 'true', pageNo: '3' },
  { pageNo: '1', gameType: 'RNG' },
  { gameType: 'RNG', pageNo: '1' },
  // invalid
  { pageSize: '0' },
  { pageSize: '10000' },
  { gameType: 'NOPE' },
  { minBet: '1.234' },
  { vassalage: 'bad code!' },
  { pageNo: ['1', '2'] },
  { gameName: 'x'.repeat(65) },
  { language: 'XX' },
];

describe('memoisedQueryValidator', () => {
  it('answers exactly as the plain zod validator, first time and from memory', () => {
    const reference = plain(GameListQuerySchema);
    const validate = memoised(GameListQuerySchema);
    for (let round = 0; round < 3; round++)
      for (const query of QUERIES) expect(validate({ ...query })).toEqual(reference({ ...query }));
  });

  it('hands the same frozen value to every request with the same query', () => {
    const validate = memoised(GameListQuerySchema);
    const q = QUERIES[1]!;
    const first = validate({ ...q }) as { value: GameListQuery };
    const second = validate({ ...q }) as { value: GameListQuery };
    expect(second.value).toBe(first.value);
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(first.value).toMatchObject({ gameType: 'RNG', pageNo: 1, pageSize: 36, language: 'EN' });
  });

  it('does not remember failures: each invalid query gets a fresh error', () => {
    const validate = memoised(GameListQuerySchema);
    const a = validate({ pageSize: '0' }) as { error: unknown };
    const b = validate({ pageSize: '0' }) as { error: unknown };
    expect(a.error).toBeDefined();
    expect(b.error).not.toBe(a.error);
    expect(b).toEqual(a);
  });

  it('keeps at most `limit` queries and still answers correctly beyond it', () => {
    const reference = plain(GameListQuerySchema);
    const validate = memoised(GameListQuerySchema, 4);
    for (let page = 1; page <= 50; page++) {
      const query = { gameType: 'RNG', pageNo: String(page) };
      expect(validate({ ...query })).toEqual(reference({ ...query }));
    }
    // The oldest were dropped: page 1 is validated again, into a new object.
    const again = validate({ gameType: 'RNG', pageNo: '1' }) as { value: object };
    const once = validate({ gameType: 'RNG', pageNo: '1' }) as { value: object };
    expect(once.value).toBe(again.value);
  });

  it('validates long queries afresh without remembering them', () => {
    const validate = memoised(GameListQuerySchema);
    const query = { gameType: 'RNG', padding: 'x'.repeat(2000) };
    const a = validate({ ...query }) as { value: object };
    const b = validate({ ...query }) as { value: object };
    expect(b).toEqual(plain(GameListQuerySchema)({ ...query }));
    expect(b.value).not.toBe(a.value);
  });

  it('gives each route its own memory', () => {
    const compiler = memoisedQueryValidator();
    const list = compiler(route(GameListQuerySchema) as never) as Validate;
    const hot = compiler(route(HotGamesQuerySchema) as never) as Validate;
    const query = { gameType: 'FISH' };
    expect(hot({ ...query })).toEqual(plain(HotGamesQuerySchema)({ ...query }));
    expect(list({ ...query })).toEqual(plain(GameListQuerySchema)({ ...query }));
  });

  it('leaves other parts of a request to the plain validator', () => {
    const validate = memoised(GameListQuerySchema, undefined, 'body');
    const a = validate({ gameType: 'RNG' }) as { value: object };
    const b = validate({ gameType: 'RNG' }) as { value: object };
    expect(b).toEqual(a);
    expect(b.value).not.toBe(a.value);
    expect(Object.isFrozen(a.value)).toBe(false);
  });
});

describe('listKey', () => {
  it('is the same for a shared frozen query and a fresh copy of it', () => {
    const validate = memoised(GameListQuerySchema);
    for (const query of QUERIES) {
      const result = validate({ ...query }) as { value?: GameListQuery };
      if (!result.value) continue;
      const shared = result.value;
      expect(listKey(shared)).toBe(listKey({ ...shared }));
      expect(listKey(shared)).toBe(listKey(shared));
    }
  });

  it('tells queries apart that select different pages', () => {
    const validate = memoised(GameListQuerySchema);
    const keyOf = (q: Record<string, string>) => listKey((validate(q) as { value: GameListQuery }).value);
    expect(keyOf({ pageNo: '1' })).not.toBe(keyOf({ pageNo: '2' }));
    expect(keyOf({ gameType: 'RNG' })).not.toBe(keyOf({ gameType: 'FISH' }));
    expect(keyOf({ pageNo: '1', gameType: 'RNG' })).toBe(keyOf({ gameType: 'rng', pageNo: '1' }));
  });
});
