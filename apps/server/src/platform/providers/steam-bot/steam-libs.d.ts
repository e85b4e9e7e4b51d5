// The parts of DoctorMcKay's Steam libraries the trade bot uses (they ship no TypeScript types).

declare module 'steamid' {
  class SteamID {
    constructor(input?: string);
    static fromIndividualAccountID(accountid: number | string): SteamID;
    accountid: number;
    getSteamID64(): string;
    toString(): string;
  }
  export = SteamID;
}

declare module 'steam-totp' {
  export function generateAuthCode(secret: string, timeOffset?: number): string;
  export function getConfirmationKey(identitySecret: string, time: number, tag: string): string;
  export function time(timeOffset?: number): number;
}

declare module 'steamcommunity' {
  import type SteamID from 'steamid';
  interface HttpOptions {
    url?: string;
    uri?: string;
    headers?: Record<string, string>;
    [key: string]: unknown;
  }
  interface Confirmation {
    id: string;
    key: string;
    creator: string;
  }
  class SteamCommunity {
    constructor(options?: { timeout?: number });
    steamID: SteamID | null;
    onPreHttpRequest?: (requestID: number, source: string, options: HttpOptions, continueRequest: (err: Error | null) => void) => boolean;
    setCookies(cookies: string[]): void;
    getConfirmations(time: number, key: { tag: string; key: string }, callback: (err: Error | null, confs: Confirmation[]) => void): void;
    respondToConfirmation(
      confID: string,
      confKey: string,
      time: number,
      key: { tag: string; key: string },
      accept: boolean,
      callback: (err: Error | null) => void,
    ): void;
    on(event: 'sessionExpired', listener: (err: Error) => void): this;
  }
  export = SteamCommunity;
}

declare module 'steam-tradeoffer-manager' {
  import type SteamCommunity from 'steamcommunity';
  import type SteamID from 'steamid';
  namespace TradeOfferManager {
    interface EconItem {
      assetid: string;
      appid: number;
      contextid: string;
      market_hash_name?: string;
    }
    interface TradeOffer {
      id: string | null;
      state: number;
      message: string;
      partner: SteamID;
      itemsToGive: EconItem[];
      created: Date;
      updated: Date;
      isOurOffer: boolean;
      addMyItem(item: { appid: number; contextid: string | number; assetid: string }): boolean;
      setMessage(message: string): void;
      send(callback: (err: (Error & { eresult?: number; cause?: string }) | null, status?: 'pending' | 'sent') => void): void;
      cancel(callback: (err: Error | null) => void): void;
    }
  }
  class TradeOfferManager {
    static SteamID: typeof SteamID;
    static ETradeOfferState: Record<string, number>;
    static EOfferFilter: { ActiveOnly: number; HistoricalOnly: number; All: number };
    constructor(options: {
      community: SteamCommunity;
      language?: string;
      pollInterval?: number;
      dataDirectory?: null;
      useAccessToken?: boolean;
      domain?: string;
    });
    apiKey: string | null;
    steamID: SteamID | null;
    setCookies(cookies: string[], callback: (err: Error | null) => void): void;
    createOffer(partner: SteamID, token?: string): TradeOfferManager.TradeOffer;
    getOffer(id: string, callback: (err: Error | null, offer: TradeOfferManager.TradeOffer) => void): void;
    getOffers(
      filter: number,
      historicalCutoff: Date,
      callback: (err: Error | null, sent: TradeOfferManager.TradeOffer[], received: TradeOfferManager.TradeOffer[]) => void,
    ): void;
    getInventoryContents(
      appid: number,
      contextid: number,
      tradableOnly: boolean,
      callback: (err: Error | null, items: TradeOfferManager.EconItem[]) => void,
    ): void;
    on(event: 'sessionExpired', listener: (err: Error) => void): this;
  }
  export = TradeOfferManager;
}

declare module 'steam-user' {
  class SteamUser {
    constructor(options?: Record<string, unknown>);
    logOn(details: { accountName: string; password: string; twoFactorCode?: string; logonID?: number }): void;
    webLogOn(): void;
    logOff(): void;
    on(event: 'webSession', listener: (sessionID: string, cookies: string[]) => void): this;
    on(event: 'error', listener: (err: Error & { eresult?: number }) => void): this;
    on(event: 'steamGuard', listener: (domain: string | null, callback: (code: string) => void, lastCodeWrong: boolean) => void): this;
    on(event: 'loggedOn', listener: () => void): this;
  }
  export = SteamUser;
}
