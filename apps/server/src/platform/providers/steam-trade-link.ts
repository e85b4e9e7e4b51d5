import { parseTradeUrl } from '@skinfair/contract';

/**
 * A player's Steam trade link, https://steamcommunity.com/tradeoffer/new/?partner=<account id>&token=<token>
 * (the same shape the profile accepts, contract profile.ts): the partner is the 32-bit account id (the
 * SteamID64 minus 76561197960265728), the token lets a non-friend receive offers.
 */
export interface TradeLink {
  partnerAccountId: number;
  token: string;
}

/** One parser for the profile, the withdrawal checks and the trade bot (contract `parseTradeUrl`). */
export const parseTradeLink = (url: string): TradeLink | null => parseTradeUrl(url);
