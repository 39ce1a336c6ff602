/**
 * A remembered-answers table of at most `limit` entries: when full, remembering a new key drops the
 * oldest one. Hits do not reorder (that would cost two map writes per hit on the hot path); a key
 * that is still in use after being dropped is simply computed and remembered again.
 */
export interface BoundedMemo<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  readonly size: number;
}

export function boundedMemo<K, V>(limit: number): BoundedMemo<K, V> {
  if (!(limit >= 1)) throw new RangeError('a bounded memo needs room for at least one entry');
  const entries = new Map<K, V>();
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      if (entries.size >= limit && !entries.has(key)) entries.delete(entries.keys().next().value as K);
      entries.set(key, value);
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
