import SteamTotp from 'steam-totp';
import { startStubServer, type StubRequest } from './stub-server.js';

/**
 * A stand-in for the Steam endpoints the trade bot's libraries call (issue 17 tests: their real requests,
 * never the internet): steam-tradeoffer-manager's Web API calls (IEconService/GetTradeOffer and GetTradeOffers,
 * with the API key or access token), its community calls (/tradeoffer/new/send, /tradeoffer/<id>/cancel, with
 * the session id), steamcommunity's inventory and mobile confirmations (/mobileconf/getlist and /ajaxop, keys
 * checked against the identity secret) and ITwoFactorService/QueryTime. The test plays the player: accept,
 * decline, let expire.
 */
export interface SteamStubOptions {
  /** The bot's SteamID64 (the steamLoginSecure cookie names it). */
  botSteamId: string;
  apiKey: string;
  accessToken: string;
  sessionId: string;
  identitySecret: string;
  /** The bot's CS2 inventory: asset id → market hash name. */
  inventory: Record<string, string>;
}

export interface StubOffer {
  tradeofferid: string;
  accountid_other: number;
  token: string;
  message: string;
  trade_offer_state: number;
  items_to_give: Array<{
    appid: number;
    contextid: string;
    assetid: string;
    amount: string;
    classid: string;
    instanceid: string;
  }>;
  time_created: number;
  time_updated: number;
  expiration_time: number;
}

const form = (req: StubRequest) => new URLSearchParams(req.body.toString('utf8'));
const query = (req: StubRequest) => new URL(req.url, 'http://stub').searchParams;
const now = () => Math.floor(Date.now() / 1000);

export async function startSteamTradeStub(options: SteamStubOptions) {
  const offers = new Map<string, StubOffer>();
  /** Trade tokens of the players the test registered: account id → token. */
  const players = new Map<number, string>();
  const sends: Array<{ partner: string; message: string; assetIds: string[] }> = [];
  const refusals: string[] = [];
  /** How each Web API call authenticated: 'key' (API key) or 'token' (access token). */
  const webApiAuth: Array<'key' | 'token'> = [];
  let nextOfferId = 7_000_000_001;
  let nextConfId = 1;
  const confirmations = new Map<string, { id: string; nonce: string; offerId: string }>();
  /** The next send creates the offer but its answer is lost (the bot crashes or the connection drops). */
  let loseNextSendAnswer = false;
  /** Steam down: every call answers 503. */
  let outage = false;
  /** Every request's path, in order: a test proves some code path never reached Steam (nor logged in). */
  const requests: string[] = [];

  const authorised = (req: StubRequest) => {
    const q = req.method === 'GET' ? query(req) : form(req);
    if (q.get('key') === options.apiKey) webApiAuth.push('key');
    else if (q.get('access_token') === options.accessToken) webApiAuth.push('token');
    else return false;
    return true;
  };
  const confirmationKeyOk = (q: URLSearchParams, tag: string) =>
    q.get('a') === options.botSteamId &&
    q.get('tag') === tag &&
    q.get('k') === SteamTotp.getConfirmationKey(options.identitySecret, Number(q.get('t')), tag);
  const accessDenied = () => ({
    status: 403,
    contentType: 'text/html',
    body: '<html><body><h1>Access is denied.</h1></body></html>',
  });

  const server = await startStubServer((req) => {
    const path = new URL(req.url, 'http://stub').pathname;
    requests.push(path);
    if (outage) return { status: 503, contentType: 'text/html', body: '<html>Service Unavailable</html>' };
    if (path === '/ITwoFactorService/QueryTime/v1/') return { status: 200, body: { response: { server_time: String(now()) } } };

    if (path === '/IEconService/GetTradeOffer/v1/') {
      if (!authorised(req)) return (refusals.push('GetTradeOffer key'), accessDenied());
      const offer = offers.get(query(req).get('tradeofferid') ?? '');
      return { status: 200, body: { response: offer ? { offer: { ...offer, is_our_offer: true } } : {} } };
    }
    if (path === '/IEconService/GetTradeOffers/v1/') {
      if (!authorised(req)) return (refusals.push('GetTradeOffers key'), accessDenied());
      const q = query(req);
      const cutoff = Number(q.get('time_historical_cutoff') ?? 0);
      const activeOnly = q.get('active_only') === '1';
      // Steam: active_only with a cutoff also returns the offers updated since the cutoff.
      const sent =
        q.get('get_sent_offers') === '1'
          ? [...offers.values()].filter(
              (o) => !activeOnly || o.trade_offer_state === 2 || o.trade_offer_state === 9 || o.time_updated >= cutoff,
            )
          : [];
      return {
        status: 200,
        body: {
          response: {
            trade_offers_sent: sent.map((o) => ({ ...o, is_our_offer: true })),
            trade_offers_received: [],
            next_cursor: 0,
          },
        },
      };
    }

    if (path === '/tradeoffer/new/send' && req.method === 'POST') {
      const f = form(req);
      if (f.get('sessionid') !== options.sessionId) return (refusals.push('send sessionid'), { status: 401, body: {} });
      const partner = f.get('partner') ?? '';
      const accountId = Number(BigInt(partner || '0') - 76561197960265728n);
      const token = (JSON.parse(f.get('trade_offer_create_params') ?? '{}') as { trade_offer_access_token?: string })
        .trade_offer_access_token;
      // Steam's answer to a wrong token or a player who cannot trade: Access Denied (15).
      if (players.get(accountId) !== token)
        return {
          status: 500,
          body: { strError: 'There was an error sending your trade offer.  Please try again later. (15)' },
        };
      const data = JSON.parse(f.get('json_tradeoffer') ?? '{}') as {
        me?: { assets?: Array<{ appid: number; contextid: string; assetid: string }> };
      };
      const assets = data.me?.assets ?? [];
      const busy = [...offers.values()].some(
        (o) => [2, 9, 11, 3].includes(o.trade_offer_state) && o.items_to_give.some((i) => assets.some((a) => a.assetid === i.assetid)),
      );
      if (
        assets.length === 0 ||
        busy ||
        assets.some((a) => !(a.assetid in options.inventory) || a.appid !== 730 || String(a.contextid) !== '2')
      )
        return {
          status: 500,
          body: { strError: 'There was an error sending your trade offer.  Please try again later. (26)' },
        };
      const id = String(nextOfferId++);
      const t = now();
      offers.set(id, {
        tradeofferid: id,
        accountid_other: accountId,
        token: token ?? '',
        message: f.get('tradeoffermessage') ?? '',
        trade_offer_state: 9,
        items_to_give: assets.map((a) => ({
          appid: 730,
          contextid: '2',
          assetid: a.assetid,
          amount: '1',
          classid: '1',
          instanceid: '0',
        })),
        time_created: t,
        time_updated: t,
        expiration_time: t + 14 * 86_400,
      });
      sends.push({
        partner,
        message: f.get('tradeoffermessage') ?? '',
        assetIds: assets.map((a) => a.assetid),
      });
      const conf = { id: String(nextConfId++), nonce: `n${id}`, offerId: id };
      confirmations.set(conf.id, conf);
      if (loseNextSendAnswer) {
        loseNextSendAnswer = false;
        return { status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' };
      }
      return { status: 200, body: { tradeofferid: id, needs_mobile_confirmation: true } };
    }
    const cancel = /^\/tradeoffer\/(\d+)\/cancel$/.exec(path);
    if (cancel && req.method === 'POST') {
      if (form(req).get('sessionid') !== options.sessionId) return (refusals.push('cancel sessionid'), { status: 401, body: {} });
      const offer = offers.get(cancel[1]!);
      if (!offer || ![2, 9].includes(offer.trade_offer_state))
        return { status: 500, body: { strError: 'There was an error cancelling this trade offer. (11)' } };
      set(offer.tradeofferid, 6);
      return { status: 200, body: { tradeofferid: offer.tradeofferid } };
    }

    if (path === '/mobileconf/getlist') {
      const q = query(req);
      if (!confirmationKeyOk(q, 'list'))
        return (refusals.push('getlist key'), { status: 200, body: { success: false, message: 'Invalid authenticator' } });
      const open = [...confirmations.values()].filter((c) => offers.get(c.offerId)?.trade_offer_state === 9);
      return {
        status: 200,
        body: {
          success: true,
          conf: open.map((c) => ({
            id: c.id,
            nonce: c.nonce,
            creator_id: c.offerId,
            type: 2,
            type_name: 'Trade Offer',
            headline: 'player',
            summary: ['item'],
            creation_time: now(),
          })),
        },
      };
    }
    if (path === '/mobileconf/ajaxop') {
      const q = query(req);
      if (!confirmationKeyOk(q, 'accept')) return (refusals.push('ajaxop key'), { status: 200, body: { success: false } });
      const conf = confirmations.get(q.get('cid') ?? '');
      if (!conf || conf.nonce !== q.get('ck') || q.get('op') !== 'allow') return { status: 200, body: { success: false } };
      const offer = offers.get(conf.offerId);
      if (offer?.trade_offer_state === 9) set(offer.tradeofferid, 2);
      return { status: 200, body: { success: true } };
    }

    const inventory = /^\/inventory\/(\d+)\/730\/2$/.exec(path);
    if (inventory && req.method === 'GET') {
      if (inventory[1] !== options.botSteamId) return { status: 403, body: null };
      const entries = Object.entries(options.inventory);
      return {
        status: 200,
        body: {
          success: 1,
          total_inventory_count: entries.length,
          assets: entries.map(([assetid], i) => ({
            appid: 730,
            contextid: '2',
            assetid,
            classid: String(100 + i),
            instanceid: '0',
            amount: '1',
          })),
          descriptions: entries.map(([, name], i) => ({
            appid: 730,
            classid: String(100 + i),
            instanceid: '0',
            market_hash_name: name,
            name,
            tradable: 1,
            marketable: 1,
          })),
        },
      };
    }
    return { status: 404, body: { message: `no stub for ${req.method} ${path}` } };
  });

  function set(offerId: string, state: number) {
    const offer = offers.get(offerId);
    if (!offer) throw new Error(`no offer ${offerId}`);
    offer.trade_offer_state = state;
    offer.time_updated = now();
  }

  return {
    url: server.url,
    close: () => server.close(),
    offers,
    sends,
    refusals,
    webApiAuth,
    requests,
    registerPlayer(accountId: number, token: string) {
      players.set(accountId, token);
    },
    /** The player (or Steam) moves an offer: 3 accepted, 7 declined, 5 expired, 8 invalid items, 11 in escrow… */
    setState: set,
    loseNextSendAnswer() {
      loseNextSendAnswer = true;
    },
    setOutage(value: boolean) {
      outage = value;
    },
  };
}

export type SteamTradeStub = Awaited<ReturnType<typeof startSteamTradeStub>>;
