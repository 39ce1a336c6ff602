import { describe, expect, it } from 'vitest';
import type { SystemStatus } from '@playhouse/contract/system';
import type { Platform } from '../lib/platform.ts';
import { showDownloadBar } from './download.ts';

const platform = (over: Partial<Platform> = {}): Platform => ({
  ios: false,
  android: true,
  iosVersion: undefined,
  safari: false,
  standalone: false,
  nativeApp: false,
  ...over,
});

function status(
  resources: { resourceType: string; url: string }[],
  bar = { enabled: true, loginRequired: false, gift: false },
): SystemStatus {
  return {
    info: { downloadBar: bar, resources: resources.map((r) => ({ ...r, labelNameEn: r.resourceType })) },
  } as unknown as SystemStatus;
}

const base = { dismissed: false, webClip: false, signedIn: false };

describe('download bar rules', () => {
  const android = status([{ resourceType: 'Android', url: '/a.apk' }]);
  it('shows on Android with an Android link', () => {
    expect(showDownloadBar({ ...base, status: android, platform: platform() })).toBe(true);
  });
  it('hides when dismissed, in the native app or installed', () => {
    expect(showDownloadBar({ ...base, dismissed: true, status: android, platform: platform() })).toBe(false);
    expect(showDownloadBar({ ...base, status: android, platform: platform({ nativeApp: true }) })).toBe(
      false,
    );
    expect(showDownloadBar({ ...base, status: android, platform: platform({ standalone: true }) })).toBe(
      false,
    );
  });
  it('shows without a native app for the device: the site installs as a web app', () => {
    const iosOnly = status([{ resourceType: 'IOS', url: '/ios' }]);
    expect(showDownloadBar({ ...base, status: iosOnly, platform: platform() })).toBe(true);
    expect(showDownloadBar({ ...base, status: status([]), platform: platform() })).toBe(true);
    expect(
      showDownloadBar({ ...base, status: status([]), platform: platform({ ios: true, android: false }) }),
    ).toBe(true);
  });
  it('hides in iOS web-clip mode without an iOS link', () => {
    const profileOnly = status([{ resourceType: 'MOBILECONFIG', url: '/p' }]);
    const ios = platform({ ios: true, android: false });
    expect(showDownloadBar({ ...base, status: profileOnly, platform: ios })).toBe(true);
    expect(showDownloadBar({ ...base, webClip: true, status: profileOnly, platform: ios })).toBe(false);
    const iosApp = status([{ resourceType: 'IOS', url: '/ios' }]);
    expect(showDownloadBar({ ...base, webClip: true, status: iosApp, platform: ios })).toBe(true);
  });
  it('shows only to members when login is required', () => {
    const gated = status([{ resourceType: 'Android', url: '/a.apk' }], {
      enabled: true,
      loginRequired: true,
      gift: false,
    });
    expect(showDownloadBar({ ...base, status: gated, platform: platform() })).toBe(false);
    expect(showDownloadBar({ ...base, signedIn: true, status: gated, platform: platform() })).toBe(true);
  });
});
