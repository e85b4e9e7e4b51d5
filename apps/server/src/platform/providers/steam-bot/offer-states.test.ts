import { describe, expect, it } from 'vitest';
import { offerOutcome, OfferState } from './offer-states.js';
import { parseTradeLink } from '../steam-trade-link.js';

describe('Steam offer states → withdrawal states', () => {
  it('maps every ETradeOfferState: accepted delivers, the endings return the item, the open ones keep polling', () => {
    const kinds = Object.fromEntries(Object.entries(OfferState).map(([name, state]) => [name, offerOutcome(state, '123').kind]));
    expect(kinds).toEqual({
      Invalid: 'ended',
      Active: 'open',
      Accepted: 'accepted',
      Countered: 'ended',
      Expired: 'ended',
      Canceled: 'ended',
      Declined: 'ended',
      InvalidItems: 'ended',
      CreatedNeedsConfirmation: 'open',
      CanceledBySecondFactor: 'ended',
      InEscrow: 'open',
    });
    // The numbering is steam-tradeoffer-manager's own.
    expect(OfferState).toMatchObject({ Active: 2, Accepted: 3, Declined: 7, InEscrow: 11 });
    expect(offerOutcome(OfferState.Accepted, '987').remark).toContain('987');
    expect(offerOutcome(42, '1').kind).toBe('open');
  });

  it('uses the library numbering', async () => {
    const { default: TradeOfferManager } = await import('steam-tradeoffer-manager');
    for (const [name, state] of Object.entries(OfferState)) expect(TradeOfferManager.ETradeOfferState[name], name).toBe(state);
  });
});

describe('trade links', () => {
  it('parses partner and token, refusing anything else', () => {
    expect(parseTradeLink('https://steamcommunity.com/tradeoffer/new/?partner=123456&token=AbCdEf12')).toEqual({
      partnerAccountId: 123456,
      token: 'AbCdEf12',
    });
    for (const bad of [
      'http://steamcommunity.com/tradeoffer/new/?partner=1&token=AbCdEf12',
      'https://steamcommunity.com.evil/tradeoffer/new/?partner=1&token=AbCdEf12',
      'https://steamcommunity.com/tradeoffer/new/?partner=0&token=AbCdEf12',
      'https://steamcommunity.com/tradeoffer/new/?partner=99999999999&token=AbCdEf12',
      'https://steamcommunity.com/tradeoffer/new/?partner=1&token=a b',
      'https://steamcommunity.com/tradeoffer/new/?token=AbCdEf12&partner=1',
    ])
      expect(parseTradeLink(bad), bad).toBeNull();
  });
});
