/**
 * Race harness: fires many requests at once so check-then-act bugs show. Every counted thing (codes,
 * tokens, throttles, balances) is raced through here, with a count that must never be exceeded.
 *
 * `app.inject` runs requests inside this process without sockets, so a "parallel" batch is only as
 * parallel as the database lets it be: on PostgreSQL each request takes its own pooled connection and
 * their statements really interleave; on SQLite (one connection) they interleave at every `await`.
 * Both are what production sees.
 */

/** The outcome of one raced call: its result or what it threw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Starts `count` calls at once (each gets its index), waits for all, and returns their outcomes in
 * order. `gate` holds every call until all have been created, so none gets a head start.
 */
export async function race<T>(count: number, call: (index: number) => Promise<T>): Promise<Settled<T>[]> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const running = Array.from({ length: count }, async (_, i): Promise<Settled<T>> => {
    await gate;
    try {
      return { ok: true, value: await call(i) };
    } catch (error) {
      return { ok: false, error };
    }
  });
  open();
  return Promise.all(running);
}

/** Counts outcomes by a label the caller derives from each (status code, error code, …). */
export function tally<T>(outcomes: Settled<T>[], label: (o: Settled<T>) => string): Record<string, number> {
  const counts: Record<string, number> = Object.create(null);
  for (const o of outcomes) {
    const key = label(o);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The label of an injected HTTP response: `200`, or `400 VERIFICATION_CODE_ERROR`. */
export function responseLabel(o: Settled<{ statusCode: number; body: string }>): string {
  if (!o.ok) return `threw ${String(o.error)}`;
  const { statusCode, body } = o.value;
  if (statusCode === 200) return '200';
  try {
    return `${statusCode} ${(JSON.parse(body) as { code?: string }).code ?? ''}`.trim();
  } catch {
    return String(statusCode);
  }
}
