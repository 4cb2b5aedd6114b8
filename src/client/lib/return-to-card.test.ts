/** The way back to the last viewed card: found with retries, scrolled to with an offset. */
import { describe, expect, it } from 'vitest';
import { findWithRetries, returnScrollTop } from './return-to-card.ts';

describe('coming back to the last card', () => {
  function fakeTimers() {
    const queue: { fn: () => void; ms: number }[] = [];
    return {
      queue,
      schedule: (fn: () => void, ms: number) => queue.push({ fn, ms }),
      cancel: () => void queue.splice(0),
      runNext: () => queue.shift()!.fn(),
    };
  }

  it('finds the card at once when it is there', () => {
    const timers = fakeTimers();
    let result: string | null | undefined;
    findWithRetries(
      () => 'card',
      (found) => (result = found),
      timers,
    );
    expect(result).toBe('card');
    expect(timers.queue).toHaveLength(0);
  });

  it('tries again up to 5 times, 300 ms apart, then gives up', () => {
    const timers = fakeTimers();
    let tries = 0;
    let result: string | null | undefined;
    findWithRetries(
      () => (tries++, null),
      (found) => (result = found),
      timers,
    );
    for (let i = 0; i < 5; i++) {
      expect(timers.queue[0].ms).toBe(300);
      timers.runNext();
    }
    expect(tries).toBe(6);
    expect(result).toBeNull();
    expect(timers.queue).toHaveLength(0);
  });

  it('stops when the card appears on a retry, and when cancelled', () => {
    const timers = fakeTimers();
    let tries = 0;
    let result: string | null | undefined;
    findWithRetries(
      () => (++tries === 3 ? 'card' : null),
      (found) => (result = found),
      timers,
    );
    timers.runNext();
    timers.runNext();
    expect(result).toBe('card');
    expect(timers.queue).toHaveLength(0);

    const t2 = fakeTimers();
    let called = false;
    const cancel = findWithRetries(
      () => null,
      () => (called = true),
      t2,
    );
    cancel();
    expect(t2.queue).toHaveLength(0);
    expect(called).toBe(false);
  });

  it('returns to the saved position when the card shows there, else 70 px above the card', () => {
    expect(returnScrollTop({ saved: 1000, cardTop: 1300, viewportHeight: 800 })).toBe(1000);
    expect(returnScrollTop({ saved: 1000, cardTop: 2400, viewportHeight: 800 })).toBe(2330);
    expect(returnScrollTop({ saved: 1000, cardTop: 1020, viewportHeight: 800 })).toBe(950);
    expect(returnScrollTop({ saved: 1000, cardTop: null, viewportHeight: 800 })).toBe(1000);
    expect(returnScrollTop({ saved: 0, cardTop: 30, viewportHeight: 800 })).toBe(0);
  });
});
