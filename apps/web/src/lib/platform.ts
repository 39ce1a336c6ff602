/** What the page runs in: iOS version, installed web app, the native app's web view. */
export interface Platform {
  ios: boolean;
  android: boolean;
  /** [major, minor] on iOS, else undefined. */
  iosVersion: [number, number] | undefined;
  safari: boolean;
  /** Launched from the home screen (PWA or iOS web clip). */
  standalone: boolean;
  /** Inside the operator's native app, which marks its web view's user agent. */
  nativeApp: boolean;
}

/** Whether the page was launched from the home screen (PWA display mode or an iOS web clip). */
function launchedStandalone(): boolean {
  const media = typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
  const webClip =
    typeof navigator !== 'undefined' &&
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return media || webClip;
}

export function detectPlatform(
  ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  standalone = launchedStandalone(),
): Platform {
  const ios = /iPhone|iPad|iPod/.test(ua);
  const version = /OS (\d+)_(\d+)/.exec(ua);
  return {
    ios,
    android: /Android/.test(ua),
    iosVersion: ios && version ? [Number(version[1]), Number(version[2])] : undefined,
    safari: ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|FBAN|FBAV|Instagram|Line\//.test(ua),
    standalone,
    nativeApp: /PlayhouseApp\//.test(ua),
  };
}

/** iOS 11 and earlier, or 12.0–12.1, need the legacy add-to-home-screen tip. */
export function needsLegacyIosTip(version: [number, number] | undefined): boolean {
  if (!version) return false;
  const [major, minor] = version;
  return major <= 11 || (major === 12 && minor <= 1);
}

/** The Device header value: OTHERS when running as a home-screen app. */
export function deviceHeader(platform: Platform): string | undefined {
  return platform.standalone ? 'OTHERS' : undefined;
}
