import { describe, expect, it } from 'vitest';
import { errorStatus } from '@skinfair/contract';
import { runJobs, record, itemState, returnedCount, consoleRow, operatorFail, modes } from './withdrawal-modes-fixture.js';

/**
 * The withdrawal contract (issue 17), run against both real modes: the manual console queue and the Steam
 * trade bot (steam-user / steam-tradeoffer-manager / steamcommunity, talking HTTP to a local stub of Steam's
 * endpoints). Either way a withdrawal ends delivered (3) with the Steam trade offer id that delivered it, or
 * undelivered (4) with the item back in the backpack exactly once.
 */

describe.each(modes)('withdrawal contract: $name', (mode) => {
  it('delivers: success (3) with the trade offer id shown to the player and on the console, the item gone once', async () => {
    const h = mode.h();
    const w = await mode.given();
    expect(await itemState(h, w)).toBe('retrieving');
    const ref = await mode.deliver(w);
    const r = await record(h, w);
    expect(r.state).toBe(3);
    expect(String(r.remark)).toContain(ref);
    expect(await itemState(h, w)).toBe('retrieved');
    expect(await consoleRow(h, w)).toMatchObject({ state: 3, tradeOfferId: ref });
    await runJobs(h);
    expect(await record(h, w)).toMatchObject({ state: 3 });
  });

  it('fails: (4) with the item back in the backpack exactly once, whatever runs afterwards', async () => {
    const h = mode.h();
    const w = await mode.given();
    await mode.undeliver(w);
    expect(await record(h, w)).toMatchObject({ state: 4 });
    expect(await itemState(h, w)).toBe('in_backpack');
    await runJobs(h);
    expect((await operatorFail(h, w)).status).toBe(errorStatus('ADMIN_WITHDRAWAL_STATE'));
    expect(await returnedCount(h, w)).toBe(1);
  });
});
