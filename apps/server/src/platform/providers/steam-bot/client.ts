import { randomInt } from 'node:crypto';
import type SteamCommunity from 'steamcommunity';
import type TradeOfferManager from 'steam-tradeoffer-manager';
import SteamTotp from 'steam-totp';
import type SteamUser from 'steam-user';
import type { SteamBotSettings } from '../withdrawal-config.js';

/** CS2 items: app 730, context 2. */
export const CS2_APP_ID = 730;
export const CS2_CONTEXT_ID = '2';

export interface SteamOffer {
  id: string;
  /** ETradeOfferState (offer-states.ts). */
  state: number;
  message: string;
  assetIds: string[];
  partnerAccountId: number;
  createdAt: Date;
}

export interface SendOfferInput {
  partnerAccountId: number;
  token: string;
  assetId: string;
  /** Carries the withdrawal's marker, so a restart can find an offer it sent but did not record. */
  message: string;
}

/** Why a send failed: `permanent` when Steam refused the offer for good (no offer exists). */
export class SteamSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly eresult: number | null,
    readonly reason: 'partner' | 'item' | 'other',
  ) {
    super(message);
  }
}

/**
 * What the trade bot needs from Steam, in one small interface. The real one (createSteamTradeClient) is the
 * libraries: steam-user logs in (Steam Guard code from steam-totp), steam-tradeoffer-manager sends, reads and
 * cancels offers and lists the inventory, steamcommunity answers the mobile confirmation with the identity
 * secret. Tests run exactly this code against a local stub of the HTTP endpoints those libraries call.
 */
export interface SteamTradeClient {
  inventory(): Promise<Array<{ assetId: string; marketHashName: string }>>;
  sendOffer(input: SendOfferInput): Promise<{ id: string; needsConfirmation: boolean }>;
  /** Accepts the mobile confirmation of an offer we sent (identity secret). */
  confirm(offerId: string): Promise<void>;
  getOffer(offerId: string): Promise<SteamOffer | null>;
  /** Our sent offers updated since `since` whose message contains `marker`; the first, or null. */
  findSentOffer(marker: string, since: Date): Promise<SteamOffer | null>;
  cancelOffer(offerId: string): Promise<void>;
  close(): void;
}

const STEAM_COMMUNITY = 'https://steamcommunity.com';
const STEAM_WEB_API = 'https://api.steampowered.com';

/** EResults Steam gives when the partner cannot receive: access denied (bad token, private inventory), trade ban… */
const PARTNER_ERESULTS = new Set([15, 17]);
/** The item is gone from the bot (revoked, already traded). */
const ITEM_ERESULTS = new Set([26]);

function toOffer(o: TradeOfferManager.TradeOffer): SteamOffer {
  return {
    id: String(o.id),
    state: o.state,
    message: o.message ?? '',
    assetIds: (o.itemsToGive ?? []).map((i) => String(i.assetid)),
    partnerAccountId: o.partner.accountid,
    createdAt: o.created,
  };
}

const call = <T>(fn: (cb: (err: Error | null, value?: T) => void) => void): Promise<T> =>
  new Promise((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value as T))));

export function createSteamTradeClient(
  settings: SteamBotSettings,
  log: { warn: (o: object, m?: string) => void } = { warn() {} },
): SteamTradeClient {
  interface Libraries {
    community: SteamCommunity;
    manager: TradeOfferManager;
    Manager: typeof TradeOfferManager;
  }
  // Loaded on first use, not at boot: the libraries take ~0.5 s to import (steam-user ~1 s more, and only a
  // real login needs it), and a node that delivers no withdrawal never pays for them.
  let libraries: Promise<Libraries> | null = null;
  const load = () =>
    (libraries ??= (async () => {
      const [{ default: SteamCommunity }, { default: TradeOfferManager }] = await Promise.all([
        import('steamcommunity'),
        import('steam-tradeoffer-manager'),
      ]);
      const community = new SteamCommunity({ timeout: 20_000 });
      // The libraries call the fixed Steam hosts; a configured base (a local stub in tests) takes their place.
      if (settings.communityUrl !== STEAM_COMMUNITY || settings.webApiUrl !== STEAM_WEB_API) {
        community.onPreHttpRequest = (_id, _source, options) => {
          const url = String(options.url ?? options.uri ?? '');
          const moved = url.startsWith(STEAM_COMMUNITY)
            ? settings.communityUrl + url.slice(STEAM_COMMUNITY.length)
            : url.startsWith(STEAM_WEB_API)
              ? settings.webApiUrl + url.slice(STEAM_WEB_API.length)
              : url;
          options.url = options.uri = moved;
          return false;
        };
      }
      const manager = new TradeOfferManager({
        community,
        pollInterval: -1,
        dataDirectory: null,
        useAccessToken: settings.apiKey === null,
        domain: 'localhost',
      });
      if (settings.apiKey) manager.apiKey = settings.apiKey;
      manager.on('sessionExpired', expire);
      community.on('sessionExpired', expire);
      return { community, manager, Manager: TradeOfferManager };
    })());

  let user: SteamUser | null = null;
  let session: Promise<void> | null = null;
  let timeOffset: { seconds: number; at: number } | null = null;
  let lastConfirmationTime = 0;

  const useCookies = async (cookies: string[]) => {
    const { manager } = await load();
    await call<void>((cb) => manager.setCookies(cookies, (err) => cb(err)));
  };

  /** Callers waiting for the next web session (the first login, or a new one after expiry). */
  let waiting: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  const settle = (err: unknown) => {
    const callers = waiting;
    waiting = [];
    for (const c of callers) {
      if (err) c.reject(err);
      else c.resolve();
    }
  };

  async function logIn(): Promise<void> {
    if (settings.webCookies) return useCookies(settings.webCookies);
    const { default: SteamUserClient } = await import('steam-user');
    return new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (user) {
        user.webLogOn();
        return;
      }
      const client = new SteamUserClient({ autoRelogin: true });
      user = client;
      // Steam Guard: a fresh code from the mobile authenticator's shared secret when Steam asks again.
      client.on('steamGuard', (domain, callback, lastCodeWrong) => {
        if (domain !== null) log.warn({ domain }, 'steam bot: Steam asks for an e-mail code; enable the mobile authenticator');
        // A wrong (already used) code: wait for the authenticator's next 30 s window, or Steam sees a login
        // loop and bans the address for a while (steam-user's documentation).
        const timer = setTimeout(() => callback(SteamTotp.generateAuthCode(settings.sharedSecret)), lastCodeWrong ? 30_000 : 0);
        timer.unref();
      });
      client.on('webSession', (_sessionId, cookies) => {
        useCookies(cookies).then(() => settle(null), settle);
      });
      client.on('error', (err) => {
        // A fatal error disconnects steam-user: the next call logs in from scratch.
        log.warn({ err: err.message, eresult: err.eresult }, 'steam bot login failed');
        user = null;
        session = null;
        settle(err);
      });
      // A logon id of its own per process: several nodes logged in as the bot do not kick each other
      // off (steam-user: a second login with the same id ends the first with LoggedInElsewhere).
      client.logOn({
        accountName: settings.accountName,
        password: settings.password,
        twoFactorCode: SteamTotp.generateAuthCode(settings.sharedSecret),
        logonID: randomInt(1, 0x7fffffff),
      });
    });
  }

  // A login that does not finish in 30 s fails the step (the job retries later): a withdrawal's step holds
  // its row lock while it runs, and the job's lease is 60 s.
  const withTimeout = (p: Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('steam bot login timed out')), 30_000);
      timer.unref();
      p.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  const ready = async (): Promise<Libraries> => {
    const libs = await load();
    await (session ??= withTimeout(logIn()).catch((err: unknown) => {
      session = null;
      throw err;
    }));
    return libs;
  };
  // An expired web session is made again before the next call (steam-user keeps the Steam connection).
  const expire = (err: Error) => {
    log.warn({ err: err.message }, 'steam bot web session expired');
    session = null;
  };

  /** Steam's clock (ITwoFactorService/QueryTime), for the confirmation keys; refreshed every 12 hours. */
  async function steamTime(): Promise<number> {
    if (!timeOffset || Date.now() - timeOffset.at > 12 * 3_600_000) {
      const res = await fetch(`${settings.webApiUrl}/ITwoFactorService/QueryTime/v1/`, {
        method: 'POST',
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`QueryTime HTTP ${res.status}`);
      const body = (await res.json()) as { response?: { server_time?: string | number } };
      const server = Number(body.response?.server_time);
      if (!Number.isFinite(server)) throw new Error('QueryTime: no server_time');
      timeOffset = { seconds: server - Math.floor(Date.now() / 1000), at: Date.now() };
    }
    // A confirmation key is good once per second: never reuse the last one.
    const t = Math.max(SteamTotp.time(timeOffset.seconds), lastConfirmationTime + 1);
    lastConfirmationTime = t;
    return t;
  }

  async function fetchOffer(offerId: string): Promise<TradeOfferManager.TradeOffer | null> {
    const { manager } = await ready();
    try {
      return await call<TradeOfferManager.TradeOffer>((cb) => manager.getOffer(offerId, cb));
    } catch (err) {
      if (err instanceof Error && err.message === 'No matching offer found') return null;
      throw err;
    }
  }

  return {
    async inventory() {
      const { manager } = await ready();
      const items = await call<TradeOfferManager.EconItem[]>((cb) =>
        manager.getInventoryContents(CS2_APP_ID, Number(CS2_CONTEXT_ID), true, cb),
      );
      return items.map((i) => ({ assetId: String(i.assetid), marketHashName: i.market_hash_name ?? '' }));
    },

    async sendOffer(input) {
      const { manager, Manager } = await ready();
      const offer = manager.createOffer(Manager.SteamID.fromIndividualAccountID(input.partnerAccountId), input.token);
      offer.addMyItem({ appid: CS2_APP_ID, contextid: CS2_CONTEXT_ID, assetid: input.assetId });
      offer.setMessage(input.message);
      let status: 'pending' | 'sent' | undefined;
      try {
        status = await new Promise<'pending' | 'sent' | undefined>((resolve, reject) =>
          offer.send((err, s) => (err ? reject(err) : resolve(s))),
        );
      } catch (err) {
        const e = err as Error & { eresult?: number; cause?: string };
        const eresult = typeof e.eresult === 'number' ? e.eresult : null;
        const partner = e.cause === 'TradeBan' || e.cause === 'TargetCannotTrade' || (eresult !== null && PARTNER_ERESULTS.has(eresult));
        const item = eresult !== null && ITEM_ERESULTS.has(eresult);
        // Anything else (timeouts, 5xx, rate limits) may or may not have made an offer: not permanent.
        throw new SteamSendError(e.message, partner || item, eresult, partner ? 'partner' : item ? 'item' : 'other');
      }
      if (!offer.id) throw new SteamSendError('Steam returned no offer id', false, null, 'other');
      return { id: String(offer.id), needsConfirmation: status === 'pending' };
    },

    async confirm(offerId) {
      const { community } = await ready();
      const listTime = await steamTime();
      const confs = await call<Array<{ id: string; key: string; creator: string }>>((cb) =>
        community.getConfirmations(
          listTime,
          { tag: 'list', key: SteamTotp.getConfirmationKey(settings.identitySecret, listTime, 'list') },
          cb,
        ),
      );
      const conf = confs.find((c) => String(c.creator) === offerId);
      if (!conf) throw new Error(`no mobile confirmation for offer ${offerId}`);
      const time = await steamTime();
      await call<void>((cb) =>
        community.respondToConfirmation(
          conf.id,
          conf.key,
          time,
          { tag: 'accept', key: SteamTotp.getConfirmationKey(settings.identitySecret, time, 'accept') },
          true,
          (err) => cb(err),
        ),
      );
    },

    async getOffer(offerId) {
      const offer = await fetchOffer(offerId);
      return offer ? toOffer(offer) : null;
    },

    async findSentOffer(marker, since) {
      const { manager, Manager } = await ready();
      const { sent } = await new Promise<{ sent: TradeOfferManager.TradeOffer[] }>((resolve, reject) =>
        manager.getOffers(Manager.EOfferFilter.ActiveOnly, since, (err, s) => (err ? reject(err) : resolve({ sent: s }))),
      );
      const found = sent.find((o) => o.isOurOffer && (o.message ?? '').includes(marker));
      return found ? toOffer(found) : null;
    },

    async cancelOffer(offerId) {
      const offer = await fetchOffer(offerId);
      if (!offer) throw new Error(`offer ${offerId} not found`);
      await call<void>((cb) => offer.cancel((err) => cb(err)));
    },

    close() {
      user?.logOff();
    },
  };
}
