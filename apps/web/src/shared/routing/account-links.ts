/**
 * Where the trade link is set: the account settings on /personal, opened at that field (issue 30 §7).
 * Shared because the backpack links there and features do not import each other.
 */
export const TRADE_URL_SECTION_ID = 'trade-url';
export const TRADE_URL_SETTING_PATH = `/personal#${TRADE_URL_SECTION_ID}`;
