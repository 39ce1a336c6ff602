/** A short, human name for a session's browser and system, from its user agent. */
export function describeDevice(userAgent: string | null): { browser: string; os: string } | undefined {
  if (!userAgent) return undefined;
  const os = /iPhone|iPad|iPod/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /SamsungBrowser/.test(userAgent)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS/.test(userAgent)
          ? 'Firefox'
          : /Chrome\/|CriOS|Chromium/.test(userAgent)
            ? 'Chrome'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : undefined;
  if (!os && !browser) return undefined;
  return { browser: browser ?? '?', os: os ?? '?' };
}
