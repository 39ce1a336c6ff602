import { randomBytes } from 'node:crypto';
import {
  IN_HOUSE_VENDOR,
  LAUNCH_TOKEN_TTL_MS,
  type ProviderAuthenticate,
  type ProviderSession,
} from '@playhouse/contract/games';
import { formatMoney } from '@playhouse/contract/money';
import { AppError } from '../../lib/app-error.ts';
import { now } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Db } from '../operators/operators.repository.ts';
import type { SettingsService } from '../operators/settings.service.ts';
import type { SecretBox } from '../system/secret-box.ts';
import { verifySignature } from '../wallet/provider-signature.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { VendorRow } from './games.repository.ts';
import * as repo from './demo.repository.ts';

/** Purpose the demo secret is sealed for (bound into the ciphertext). */
const DEMO_SECRET = 'demo-provider-secret';
/** Expired launch tokens are swept at most this often. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Where the reference provider's demo pages answer: a fixed public address (DEMO_PROVIDER_URL), or
 * the port of the provider this server started, reached on the host the player reached us on.
 */
export type DemoProviderAddress = { url: string } | { port: number; protocol?: 'http' | 'https' };

/**
 * Demo vendors (operator setting `games.demoMode`): a third-party vendor with no credentials of its
 * own opens the reference provider's demo titles. The provider signs for that vendor with the
 * operator's demo secret, so its bets and wins are real seamless-wallet calls (house account
 * `vendor:<code>`); a vendor that has credentials of its own never uses the demo secret.
 *
 * A launch hands the member's browser a short-lived, single-use token (stored as its SHA-256); the
 * provider exchanges it server to server (`POST /wps/provider/wallet/authenticate`, signed as the
 * vendor) for the member's user name, currency and balance, so no member credential ever reaches
 * the provider. Connected vendors get the same tokens in their launch address (issueToken).
 */
/** What a launch token is bound to. */
export interface LaunchBinding {
  memberId: number;
  vendor: string;
  gameCode: string;
  language: string;
  freeplay: boolean;
  returnUrl: string;
}

export function createDemoService(deps: {
  db: Db;
  secrets: SecretBox;
  settings: Pick<SettingsService, 'get'>;
  catalogue: Pick<CatalogueService, 'catalogue' | 'walletVendor'>;
  ledger: Pick<LedgerService, 'wallet'>;
}) {
  const { db, secrets, settings, catalogue, ledger } = deps;
  let address: DemoProviderAddress | undefined;
  const opened = new Map<number, Buffer | null>();
  let lastSweep = 0;

  async function secretOf(operatorId: number): Promise<Buffer | undefined> {
    let secret = opened.get(operatorId);
    if (secret === undefined) {
      const row = await repo.findDemoProvider(db, operatorId);
      if (!row) return undefined;
      try {
        secret = Buffer.from(secrets.open(DEMO_SECRET, row.secret_sealed), 'utf8');
      } catch {
        // Sealed under another key (SECRETS_KEY changed): demo vendors stay unconnected.
        secret = null;
      }
      opened.set(operatorId, secret);
    }
    return secret ?? undefined;
  }

  /** Whether the demo stands in for this vendor now (demo mode on, provider running, no own credentials). */
  async function standsIn(operatorId: number, vendor: VendorRow | undefined): Promise<boolean> {
    if (!address || !vendor?.enabled || vendor.code === IN_HOUSE_VENDOR || vendor.secret_sealed) return false;
    const { settings: doc } = await settings.get(operatorId);
    return doc.games.demoMode && (await secretOf(operatorId)) !== undefined;
  }

  function baseUrl(origin: { protocol: string; hostname: string }): string {
    if (!address) throw new AppError('VENDOR_NOT_CONNECTED');
    if ('url' in address) return address.url.replace(/\/+$/, '');
    const host = origin.hostname.includes(':') ? `[${origin.hostname}]` : origin.hostname;
    return `${address.protocol ?? 'http'}://${host}:${address.port}`;
  }

  /**
   * A fresh launch token (256 random bits, stored as its SHA-256) bound to the member, vendor,
   * game, language and the member's currency; it lives LAUNCH_TOKEN_TTL_MS and works once.
   */
  async function issueToken(operatorId: number, launch: LaunchBinding): Promise<string> {
    const member = await ledger.wallet({ memberId: launch.memberId });
    if (!member || member.operatorId !== operatorId || !member.active)
      throw new AppError('ACCOUNT_UNAVAILABLE');
    const token = newToken();
    const at = now();
    if (at - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = at;
      await repo.deleteExpiredLaunchTokens(db, at - SWEEP_EVERY_MS);
    }
    await repo.insertLaunchToken(db, {
      operator_id: operatorId,
      token_hash: hashToken(token),
      member_id: launch.memberId,
      vendor_code: launch.vendor,
      game_code: launch.gameCode,
      language: launch.language,
      currency: member.currency,
      freeplay: launch.freeplay ? 1 : 0,
      return_url: launch.returnUrl,
      created_at: at,
      expires_at: at + LAUNCH_TOKEN_TTL_MS,
      used_at: null,
    });
    return token;
  }

  /**
   * Spends a launch token for the vendor `code` (already authenticated by its signature): the
   * member, game, language and currency it was issued for, and the member's balance now. Unknown,
   * expired, used and other vendors' tokens all get LAUNCH_TOKEN_INVALID (one conditional update
   * decides, so of many parallel exchanges of one token exactly one succeeds).
   */
  async function exchange(operatorId: number, code: string, token: string): Promise<ProviderAuthenticate> {
    const row = await repo.consumeLaunchToken(db, operatorId, hashToken(token), now());
    if (!row || row.vendor_code !== code) throw new AppError('LAUNCH_TOKEN_INVALID');
    const member = await ledger.wallet({ memberId: Number(row.member_id) });
    if (!member?.active || member.operatorId !== operatorId) throw new AppError('ACCOUNT_UNAVAILABLE');
    if (row.currency !== null && row.currency !== member.currency) throw new AppError('LAUNCH_TOKEN_INVALID');
    const game = (await catalogue.catalogue(operatorId)).byCode.get(row.game_code.toUpperCase());
    return {
      userName: member.userName,
      currency: member.currency,
      vendor: code,
      gameCode: row.game_code,
      gameName: game?.gameName ?? row.game_code,
      gameType: game?.gameType ?? 'RNG',
      language: row.language,
      freeplay: Boolean(row.freeplay),
      returnUrl: row.return_url,
      balance: formatMoney(member.balance),
    };
  }

  return {
    /** Tells the service where the provider's demo pages answer (undefined: no provider, demo off). */
    useProvider(where: DemoProviderAddress | undefined) {
      address = where;
    },

    /**
     * The demo data: an operator's demo secret, made once (a random 256-bit secret, sealed). True
     * when this call made it.
     */
    async ensureCredentials(operatorId: number): Promise<boolean> {
      const secret = randomBytes(32).toString('hex');
      return repo.insertDemoProvider(db, {
        operator_id: operatorId,
        secret_sealed: secrets.seal(DEMO_SECRET, secret),
        created_at: now(),
      });
    },

    /** The demo secret in clear, for the provider process this server starts (never sent to clients). */
    async providerSecret(operatorId: number): Promise<string | undefined> {
      return (await secretOf(operatorId))?.toString('utf8');
    },

    standsIn,

    /**
     * The wallet identity of a signed provider call: the vendor's own credentials when it has them;
     * otherwise, while the demo stands in for it, the demo secret (seamless mode).
     */
    async walletVendor(operatorId: number, code: string) {
      const own = await catalogue.walletVendor(operatorId, code);
      if (own) return own;
      const vendor = (await catalogue.catalogue(operatorId)).vendors.get(code);
      if (!(await standsIn(operatorId, vendor))) return undefined;
      const secret = await secretOf(operatorId);
      return secret
        ? {
            code,
            walletMode: 'seamless' as const,
            secret,
            launchUrl: null,
            apiUrl: null,
          }
        : undefined;
    },

    issueToken,

    /** A demo launch address with a fresh single-use token for this member and game. */
    async launchUrl(
      operatorId: number,
      launch: LaunchBinding & { origin: { protocol: string; hostname: string } },
    ) {
      const base = baseUrl(launch.origin);
      const token = await issueToken(operatorId, launch);
      const params = new URLSearchParams({
        vendor: launch.vendor,
        game: launch.gameCode,
        lang: launch.language,
        token,
        returnUrl: launch.returnUrl,
      });
      return `${base}/demo/play?${params}`;
    },

    exchange,

    /**
     * The demo provider's older exchange (`POST /wps/provider/session`): signed with the demo secret
     * as the vendor the token was issued for. Unknown, expired, used and other vendors' tokens get
     * LAUNCH_TOKEN_INVALID; a wrong signature, or a vendor the demo does not stand in for,
     * INVALID_SIGNATURE.
     */
    async redeem(
      operatorId: number,
      call: { vendor: unknown; signature: unknown; rawBody: Buffer; token: string },
    ): Promise<ProviderSession> {
      const code = typeof call.vendor === 'string' ? call.vendor.trim().toUpperCase() : '';
      const cat = await catalogue.catalogue(operatorId);
      const vendor = /^[A-Z0-9_]{1,16}$/.test(code) ? cat.vendors.get(code) : undefined;
      const secret = (await standsIn(operatorId, vendor)) ? await secretOf(operatorId) : undefined;
      if (!secret || !verifySignature(secret, call.rawBody, call.signature))
        throw new AppError('INVALID_SIGNATURE');
      const { balance: _balance, ...session } = await exchange(operatorId, code, call.token);
      return session;
    },
  };
}
export type DemoService = ReturnType<typeof createDemoService>;
