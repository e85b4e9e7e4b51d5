import { describe, expect, it } from 'vitest';
import { balancesPerOpening } from './opening-balances.js';

describe('balances per opening of a batch', () => {
  it('walks coins down one price at a time', () => {
    expect(balancesPerOpening({ coin: 10_000, point: 50 }, { coinFen: 3_000, pointFen: 0 }, [1_000, 1_000, 1_000])).toEqual([
      { before: { coin: 10_000, point: 50 }, after: { coin: 9_000, point: 50 } },
      { before: { coin: 9_000, point: 50 }, after: { coin: 8_000, point: 50 } },
      { before: { coin: 8_000, point: 50 }, after: { coin: 7_000, point: 50 } },
    ]);
  });

  it('crosses from coins to points on the opening whose price the coins no longer cover', () => {
    expect(balancesPerOpening({ coin: 1_500, point: 4_000 }, { coinFen: 1_500, pointFen: 1_500 }, [1_000, 1_000, 1_000])).toEqual([
      { before: { coin: 1_500, point: 4_000 }, after: { coin: 500, point: 4_000 } },
      { before: { coin: 500, point: 4_000 }, after: { coin: 0, point: 3_500 } },
      { before: { coin: 0, point: 3_500 }, after: { coin: 0, point: 2_500 } },
    ]);
  });

  it('ends where the debit leaves the wallet, the rounding cent on the first opening', () => {
    const rows = balancesPerOpening({ coin: 700, point: 0 }, { coinFen: 500, pointFen: 0 }, [168, 166, 166]);
    expect(rows.map((r) => r.before.coin - r.after.coin)).toEqual([168, 166, 166]);
    expect(rows.at(-1)!.after).toEqual({ coin: 200, point: 0 });
  });

  it('a free opening leaves both balances as they were', () => {
    expect(balancesPerOpening({ coin: 5, point: 7 }, { coinFen: 0, pointFen: 0 }, [0])).toEqual([
      { before: { coin: 5, point: 7 }, after: { coin: 5, point: 7 } },
    ]);
  });
});
