import { describe, expect, it } from 'vitest';
import { linkTarget } from './links.ts';

describe('customer-service links', () => {
  it('opens screens of the site, pages outside it, and nothing that leads nowhere', () => {
    expect(linkTarget('/m/help')).toBe('site');
    expect(linkTarget('/m/provider?vassalage=JILI')).toBe('site');
    expect(linkTarget('https://t.me/playhouse_support')).toBe('outside');
    expect(linkTarget('mailto:help@example.com')).toBe('outside');
    // The old default live chat address: no such screen, so no silent trip home.
    expect(linkTarget('/m/service')).toBe('none');
    expect(linkTarget('javascript:alert(1)')).toBe('none');
  });
});
