import { describe, expect, it } from 'vitest';
import { isApiPath, requestTarget } from './request-path.ts';

describe('requestTarget', () => {
  it('resolves absolute-form and percent-encoding the way the router does', () => {
    expect(requestTarget('/wps/member/info?x=1')).toEqual({ path: '/wps/member/info', search: '?x=1' });
    expect(requestTarget('/%77ps/%6Dember/info')).toEqual({ path: '/wps/member/info', search: '' });
    expect(requestTarget('http://example.com:8080/wps/system/status?a=%41')).toEqual({
      path: '/wps/system/status',
      search: '?a=%41',
    });
    expect(requestTarget('HTTPS://example.com')).toEqual({ path: '/', search: '' });
    expect(requestTarget('http://example.com?q=1')).toEqual({ path: '/', search: '?q=1' });
  });

  it('keeps reserved characters encoded and leaves what does not decode as sent', () => {
    expect(requestTarget('/wps/a%2Fb%3Fc').path).toBe('/wps/a%2Fb%3Fc');
    expect(requestTarget('/wps/%E0%A4%A').path).toBe('/wps/%E0%A4%A');
    expect(requestTarget('/m/a%00b').path).toBe('/m/a\u0000b');
  });

  it('drops a fragment and never takes it for the query', () => {
    expect(requestTarget('/m/home#top')).toEqual({ path: '/m/home', search: '' });
    expect(requestTarget('/m/home?x=1#top')).toEqual({ path: '/m/home', search: '?x=1' });
  });
});

describe('isApiPath', () => {
  it('knows the API families and nothing else', () => {
    for (const path of ['/wps/x', '/lgw/orders', '/bo/api/settings', '/play/api/rounds'])
      expect(isApiPath(path)).toBe(true);
    for (const path of ['/wps', '/bo/settings', '/m/home', '/play/dice', '/metrics'])
      expect(isApiPath(path)).toBe(false);
  });
});
