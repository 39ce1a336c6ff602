import { describe, expect, it } from 'vitest';
import { detectPlatform, needsLegacyIosTip } from './platform.ts';

const IOS_12_1 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1';
const IOS_17_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1';

describe('platform detection', () => {
  it('reads the iOS version and Safari', () => {
    const p = detectPlatform(IOS_12_1, false);
    expect(p).toMatchObject({
      ios: true,
      android: false,
      iosVersion: [12, 1],
      safari: true,
      standalone: false,
    });
  });
  it('does not take Chrome on iOS for Safari', () => {
    expect(detectPlatform(IOS_17_CHROME, false).safari).toBe(false);
  });
  it('marks the native app and standalone mode', () => {
    const p = detectPlatform('Mozilla/5.0 (Linux; Android 14) PlayhouseApp/2.1', true);
    expect(p).toMatchObject({ android: true, nativeApp: true, standalone: true, iosVersion: undefined });
  });
  it('chooses the legacy tip for iOS 11 and 12.0-12.1 only', () => {
    expect(needsLegacyIosTip([11, 4])).toBe(true);
    expect(needsLegacyIosTip([12, 1])).toBe(true);
    expect(needsLegacyIosTip([12, 2])).toBe(false);
    expect(needsLegacyIosTip([17, 0])).toBe(false);
    expect(needsLegacyIosTip(undefined)).toBe(false);
  });
});
