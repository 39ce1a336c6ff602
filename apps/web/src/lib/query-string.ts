/** A path with its query string; empty and undefined values are left out. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The language a content request names; the client-only pseudo-locale is left to the server default. */
export function languageParam(code: string): string | undefined {
  return code === 'PSEUDO' ? undefined : code;
}
