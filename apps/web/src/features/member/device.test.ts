import { describe, expect, it } from 'vitest';
import { describeDevice } from './device.ts';

describe('describeDevice', () => {
  it('names common phones and desktops', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Android' });
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36 Edg/124.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' });
  });

  it('gives up on missing or unknown agents', () => {
    expect(describeDevice(null)).toBeUndefined();
    expect(describeDevice('curl/8.5.0')).toBeUndefined();
  });
});
