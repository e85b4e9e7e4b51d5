import { randomInt } from 'node:crypto';
import type SteamCommunity from 'steamcommunity';
import type TradeOfferManager from 'steam-tradeoffer-manager';
import SteamTotp from 'steam-totp';
import type SteamUser from 'steam-user';
import type { SteamBotSettings } from '../withdrawal-config.js';

const STEAM_COMMUNITY = 'https://steamcommunity.com';
const STEAM_WEB_API = 'https://api.steampowered.com';
/**
 * A login that does not finish in 30 s fails the step (the job retries later): a withdrawal's step holds
 * its row lock while it runs, and the job's lease is 60 s.
 */
const LOGIN_TIMEOUT_MS = 30_000;

export interface SteamLibraries {
  community: SteamCommunity;
  manager: TradeOfferManager;
  Manager: typeof TradeOfferManager;
}

export type SteamLog = { warn: (o: object, m?: string) => void };

/** Node-style callback to promise, for the libraries' callback APIs. */
export const call = <T>(fn: (cb: (err: Error | null, value?: T) => void) => void): Promise<T> =>
  new Promise((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value as T))));

/**
 * The bot's logged-in web session: steam-user logs in (Steam Guard code from steam-totp) and hands its
 * cookies to steam-tradeoffer-manager and steamcommunity, or configured cookies are used as they are.
 * `ready()` logs in once and again after the session expires.
 */
export class SteamSession {
  private libraries: Promise<SteamLibraries> | null = null;
  private user: SteamUser | null = null;
  private session: Promise<void> | null = null;
  /** Callers waiting for the next web session (the first login, or a new one after expiry). */
  private waiting: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];

  constructor(
    private readonly settings: SteamBotSettings,
    private readonly log: SteamLog,
  ) {}

  async ready(): Promise<SteamLibraries> {
    const libs = await this.load();
    await (this.session ??= withTimeout(this.logIn()).catch((err: unknown) => {
      this.session = null;
      throw err;
    }));
    return libs;
  }

  close(): void {
    this.user?.logOff();
  }

  /**
   * Loaded on first use, not at boot: the libraries take ~0.5 s to import (steam-user ~1 s more, and only a
   * real login needs it), and a node that delivers no withdrawal never pays for them.
   */
  private load(): Promise<SteamLibraries> {
    return (this.libraries ??= (async () => {
      const [{ default: SteamCommunity }, { default: TradeOfferManager }] = await Promise.all([
        import('steamcommunity'),
        import('steam-tradeoffer-manager'),
      ]);
      const community = new SteamCommunity({ timeout: 20_000 });
      this.redirectHosts(community);
      const manager = new TradeOfferManager({
        community,
        pollInterval: -1,
        dataDirectory: null,
        useAccessToken: this.settings.apiKey === null,
        domain: 'localhost',
      });
      if (this.settings.apiKey) manager.apiKey = this.settings.apiKey;
      manager.on('sessionExpired', this.expire);
      community.on('sessionExpired', this.expire);
      return { community, manager, Manager: TradeOfferManager };
    })());
  }

  /** The libraries call the fixed Steam hosts; a configured base (a local stub in tests) takes their place. */
  private redirectHosts(community: SteamCommunity): void {
    const { communityUrl, webApiUrl } = this.settings;
    if (communityUrl === STEAM_COMMUNITY && webApiUrl === STEAM_WEB_API) return;
    community.onPreHttpRequest = (_id, _source, options) => {
      const url = String(options.url ?? options.uri ?? '');
      const moved = url.startsWith(STEAM_COMMUNITY)
        ? communityUrl + url.slice(STEAM_COMMUNITY.length)
        : url.startsWith(STEAM_WEB_API)
          ? webApiUrl + url.slice(STEAM_WEB_API.length)
          : url;
      options.url = options.uri = moved;
      return false;
    };
  }

  /** An expired web session is made again before the next call (steam-user keeps the Steam connection). */
  private readonly expire = (err: Error) => {
    this.log.warn({ err: err.message }, 'steam bot web session expired');
    this.session = null;
  };

  private async useCookies(cookies: string[]): Promise<void> {
    const { manager } = await this.load();
    await call<void>((cb) => manager.setCookies(cookies, (err) => cb(err)));
  }

  private settle(err: unknown): void {
    const callers = this.waiting;
    this.waiting = [];
    for (const c of callers) {
      if (err) c.reject(err);
      else c.resolve();
    }
  }

  private async logIn(): Promise<void> {
    if (this.settings.webCookies) return this.useCookies(this.settings.webCookies);
    const { default: SteamUserClient } = await import('steam-user');
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (this.user) this.user.webLogOn();
      else this.startUser(new SteamUserClient({ autoRelogin: true }));
    });
  }

  private startUser(client: SteamUser): void {
    const { settings, log } = this;
    this.user = client;
    // Steam Guard: a fresh code from the mobile authenticator's shared secret when Steam asks again.
    client.on('steamGuard', (domain, callback, lastCodeWrong) => {
      if (domain !== null) log.warn({ domain }, 'steam bot: Steam asks for an e-mail code; enable the mobile authenticator');
      // A wrong (already used) code: wait for the authenticator's next 30 s window, or Steam sees a login
      // loop and bans the address for a while (steam-user's documentation).
      const timer = setTimeout(() => callback(SteamTotp.generateAuthCode(settings.sharedSecret)), lastCodeWrong ? 30_000 : 0);
      timer.unref();
    });
    client.on('webSession', (_sessionId, cookies) => {
      this.useCookies(cookies).then(
        () => this.settle(null),
        (err: unknown) => this.settle(err),
      );
    });
    client.on('error', (err) => {
      // A fatal error disconnects steam-user: the next call logs in from scratch.
      log.warn({ err: err.message, eresult: err.eresult }, 'steam bot login failed');
      this.user = null;
      this.session = null;
      this.settle(err);
    });
    // A logon id of its own per process: several nodes logged in as the bot do not kick each other
    // off (steam-user: a second login with the same id ends the first with LoggedInElsewhere).
    client.logOn({
      accountName: settings.accountName,
      password: settings.password,
      twoFactorCode: SteamTotp.generateAuthCode(settings.sharedSecret),
      logonID: randomInt(1, 0x7fffffff),
    });
  }
}

function withTimeout(p: Promise<void>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('steam bot login timed out')), LOGIN_TIMEOUT_MS);
    timer.unref();
    p.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Steam's clock (ITwoFactorService/QueryTime), for the confirmation keys; refreshed every 12 hours. */
export class SteamClock {
  private timeOffset: { seconds: number; at: number } | null = null;
  private lastConfirmationTime = 0;

  constructor(private readonly webApiUrl: string) {}

  async confirmationTime(): Promise<number> {
    if (!this.timeOffset || Date.now() - this.timeOffset.at > 12 * 3_600_000) {
      const res = await fetch(`${this.webApiUrl}/ITwoFactorService/QueryTime/v1/`, {
        method: 'POST',
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`QueryTime HTTP ${res.status}`);
      const body = (await res.json()) as { response?: { server_time?: string | number } };
      const server = Number(body.response?.server_time);
      if (!Number.isFinite(server)) throw new Error('QueryTime: no server_time');
      this.timeOffset = { seconds: server - Math.floor(Date.now() / 1000), at: Date.now() };
    }
    // A confirmation key is good once per second: never reuse the last one.
    const t = Math.max(SteamTotp.time(this.timeOffset.seconds), this.lastConfirmationTime + 1);
    this.lastConfirmationTime = t;
    return t;
  }
}
