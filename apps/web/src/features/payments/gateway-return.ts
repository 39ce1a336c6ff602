/**
 * The deposit a member left for a gateway's page, remembered in the tab's session storage so the
 * deposit page can show how it ended when they come back without its id. Once the deposit is
 * settled (credited, rejected or failed) and shown, it is forgotten: the banner does not come back
 * on the next visit to the deposit page.
 */
const KEY = 'pay:lastGatewayDeposit';

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberGatewayDeposit(store: SessionStore, depositId: string): void {
  store.setItem(KEY, depositId);
}

/** The deposit to show on arrival: the gateway's return address names it, else the remembered one. */
export function returnedDeposit(
  store: SessionStore | undefined,
  fromAddress: string | null,
): string | undefined {
  return fromAddress ?? store?.getItem(KEY) ?? undefined;
}

/** The deposit's outcome has been shown: it is not shown again on a later visit. */
export function forgetGatewayDeposit(store: SessionStore, depositId: string): void {
  if (store.getItem(KEY) === depositId) store.removeItem(KEY);
}
