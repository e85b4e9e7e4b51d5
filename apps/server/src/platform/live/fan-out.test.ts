import { describe, expect, it } from 'vitest';
import { FanOut } from './fan-out.js';

/** A manual event loop: yielded continuations run only when the test says so. */
function manualLoop() {
  const turns: Array<() => void> = [];
  return { yieldToLoop: (fn: () => void) => void turns.push(fn), turn: () => turns.shift()?.(), waiting: () => turns.length };
}

describe('live fan-out in slices (issue 11)', () => {
  it('sends to `slice` connections, then lets the event loop run before the rest', () => {
    const loop = manualLoop();
    const got: string[] = [];
    const fan = new FanOut<number, string>((c, m) => got.push(`${c}:${m}`), 2, loop.yieldToLoop);
    fan.publish('a', [1, 2, 3, 4, 5]);
    expect(got).toEqual(['1:a', '2:a']);
    expect(loop.waiting()).toBe(1);
    loop.turn();
    loop.turn();
    expect(got).toEqual(['1:a', '2:a', '3:a', '4:a', '5:a']);
    expect(fan.pending()).toBe(0);
    expect(loop.waiting()).toBe(0);
  });

  it('keeps every connection’s order when a second message is published during the first', () => {
    const loop = manualLoop();
    const byConn = new Map<number, string[]>();
    const fan = new FanOut<number, string>((c, m) => byConn.set(c, [...(byConn.get(c) ?? []), m]), 2, loop.yieldToLoop);
    fan.publish('first', [1, 2, 3]);
    fan.publish('second', [1, 2, 3, 4]); // 4 connected in between: it gets only the second
    while (loop.waiting() > 0) loop.turn();
    expect(Object.fromEntries(byConn)).toEqual({ 1: ['first', 'second'], 2: ['first', 'second'], 3: ['first', 'second'], 4: ['second'] });
  });

  it('sends everything at once when the connections fit in one slice', () => {
    const loop = manualLoop();
    const got: number[] = [];
    new FanOut<number, string>((c) => got.push(c), 500, loop.yieldToLoop).publish('m', [1, 2, 3]);
    expect(got).toEqual([1, 2, 3]);
    expect(loop.waiting()).toBe(0);
  });
});
