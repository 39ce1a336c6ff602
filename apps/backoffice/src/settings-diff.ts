/**
 * The partial document that turns `before` into `after`: changed scalars and whole changed arrays,
 * nested objects only where something inside them changed. Undefined when nothing changed.
 */
export function diffPatch(before: unknown, after: unknown): unknown {
  if (isObject(before) && isObject(after)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(after)) {
      const change = diffPatch(before[key], after[key]);
      if (change !== undefined) out[key] = change;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? undefined : after;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Sets a value at a dotted path in a copy of the document. */
export function setIn<T>(doc: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const node = (doc ?? {}) as Record<string, unknown>;
  if (!head) return value as T;
  return { ...node, [head]: rest.length ? setIn(node[head], rest.join('.'), value) : value } as T;
}
