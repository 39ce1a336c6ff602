import { describe, expect, it } from 'vitest';
import { forgetGatewayDeposit, rememberGatewayDeposit, returnedDeposit } from './gateway-return.ts';

/** The tab's session storage, in memory. */
function sessionStore() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe("the deposit page's gateway banner", () => {
  it('shows the deposit left for the gateway once, and not again after it was shown settled', () => {
    const store = sessionStore();
    rememberGatewayDeposit(store, 'D1');
    expect(returnedDeposit(store, null)).toBe('D1');
    forgetGatewayDeposit(store, 'D1');
    // The next visit to the deposit page: no banner.
    expect(returnedDeposit(store, null)).toBeUndefined();
  });
  it("prefers the gateway's return address and forgets only the deposit that was shown", () => {
    const store = sessionStore();
    rememberGatewayDeposit(store, 'D2');
    expect(returnedDeposit(store, 'D9')).toBe('D9');
    forgetGatewayDeposit(store, 'D9');
    expect(returnedDeposit(store, null)).toBe('D2');
    expect(returnedDeposit(undefined, null)).toBeUndefined();
  });
});
