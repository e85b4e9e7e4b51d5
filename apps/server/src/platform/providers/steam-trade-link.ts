/**
 * A player's Steam trade link, https://steamcommunity.com/tradeoffer/new/?partner=<account id>&token=<token>
 * (the same shape the profile accepts, contract profile.ts): the partner is the 32-bit account id (the
 * SteamID64 minus 76561197960265728), the token lets a non-friend receive offers.
 */
export interface TradeLink {
  partnerAccountId: number;
  token: string;
}

const LINK =
  /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=(\d{1,10})&token=([A-Za-z0-9_-]{6,16})$/;

export function parseTradeLink(url: string): TradeLink | null {
  const m = LINK.exec(url.trim());
  if (!m) return null;
  const partnerAccountId = Number(m[1]);
  if (!Number.isSafeInteger(partnerAccountId) || partnerAccountId < 1 || partnerAccountId > 0xffffffff)
    return null;
  return { partnerAccountId, token: m[2]! };
}
