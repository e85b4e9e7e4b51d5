import type TradeOfferManager from 'steam-tradeoffer-manager';
import SteamTotp from 'steam-totp';
import type { SteamBotSettings } from '../withdrawal-config.js';
import { call, SteamClock, SteamSession, type SteamLog } from './session.js';

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

export function createSteamTradeClient(settings: SteamBotSettings, log: SteamLog = { warn() {} }): SteamTradeClient {
  const session = new SteamSession(settings, log);
  const clock = new SteamClock(settings.webApiUrl);
  return {
    inventory: () => inventory(session),
    sendOffer: (input) => sendOffer(session, input),
    confirm: (offerId) => confirm(session, clock, settings.identitySecret, offerId),
    getOffer: async (offerId) => {
      const offer = await fetchOffer(session, offerId);
      return offer ? toOffer(offer) : null;
    },
    findSentOffer: (marker, since) => findSentOffer(session, marker, since),
    cancelOffer: async (offerId) => {
      const offer = await fetchOffer(session, offerId);
      if (!offer) throw new Error(`offer ${offerId} not found`);
      await call<void>((cb) => offer.cancel((err) => cb(err)));
    },
    close: () => session.close(),
  };
}

async function inventory(session: SteamSession) {
  const { manager } = await session.ready();
  const items = await call<TradeOfferManager.EconItem[]>((cb) =>
    manager.getInventoryContents(CS2_APP_ID, Number(CS2_CONTEXT_ID), true, cb),
  );
  return items.map((i) => ({ assetId: String(i.assetid), marketHashName: i.market_hash_name ?? '' }));
}

async function sendOffer(session: SteamSession, input: SendOfferInput) {
  const { manager, Manager } = await session.ready();
  const offer = manager.createOffer(Manager.SteamID.fromIndividualAccountID(input.partnerAccountId), input.token);
  offer.addMyItem({ appid: CS2_APP_ID, contextid: CS2_CONTEXT_ID, assetid: input.assetId });
  offer.setMessage(input.message);
  let status: 'pending' | 'sent' | undefined;
  try {
    status = await new Promise<'pending' | 'sent' | undefined>((resolve, reject) =>
      offer.send((err, s) => (err ? reject(err) : resolve(s))),
    );
  } catch (err) {
    throw sendErrorOf(err);
  }
  if (!offer.id) throw new SteamSendError('Steam returned no offer id', false, null, 'other');
  return { id: String(offer.id), needsConfirmation: status === 'pending' };
}

function sendErrorOf(err: unknown): SteamSendError {
  const e = err as Error & { eresult?: number; cause?: string };
  const eresult = typeof e.eresult === 'number' ? e.eresult : null;
  const partner = e.cause === 'TradeBan' || e.cause === 'TargetCannotTrade' || (eresult !== null && PARTNER_ERESULTS.has(eresult));
  const item = eresult !== null && ITEM_ERESULTS.has(eresult);
  // Anything else (timeouts, 5xx, rate limits) may or may not have made an offer: not permanent.
  return new SteamSendError(e.message, partner || item, eresult, partner ? 'partner' : item ? 'item' : 'other');
}

/** Accepts the mobile confirmation of an offer we sent, keyed with the identity secret at Steam's time. */
async function confirm(session: SteamSession, clock: SteamClock, identitySecret: string, offerId: string): Promise<void> {
  const { community } = await session.ready();
  const listTime = await clock.confirmationTime();
  const confs = await call<Array<{ id: string; key: string; creator: string }>>((cb) =>
    community.getConfirmations(listTime, { tag: 'list', key: SteamTotp.getConfirmationKey(identitySecret, listTime, 'list') }, cb),
  );
  const conf = confs.find((c) => String(c.creator) === offerId);
  if (!conf) throw new Error(`no mobile confirmation for offer ${offerId}`);
  const time = await clock.confirmationTime();
  await call<void>((cb) =>
    community.respondToConfirmation(
      conf.id,
      conf.key,
      time,
      { tag: 'accept', key: SteamTotp.getConfirmationKey(identitySecret, time, 'accept') },
      true,
      (err) => cb(err),
    ),
  );
}

async function fetchOffer(session: SteamSession, offerId: string): Promise<TradeOfferManager.TradeOffer | null> {
  const { manager } = await session.ready();
  try {
    return await call<TradeOfferManager.TradeOffer>((cb) => manager.getOffer(offerId, cb));
  } catch (err) {
    if (err instanceof Error && err.message === 'No matching offer found') return null;
    throw err;
  }
}

async function findSentOffer(session: SteamSession, marker: string, since: Date): Promise<SteamOffer | null> {
  const { manager, Manager } = await session.ready();
  const { sent } = await new Promise<{ sent: TradeOfferManager.TradeOffer[] }>((resolve, reject) =>
    manager.getOffers(Manager.EOfferFilter.ActiveOnly, since, (err, s) => (err ? reject(err) : resolve({ sent: s }))),
  );
  const found = sent.find((o) => o.isOurOffer && (o.message ?? '').includes(marker));
  return found ? toOffer(found) : null;
}
