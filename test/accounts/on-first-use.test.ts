import { describe, expect, it } from 'vitest';
import { onFirstUse } from '../../src/server/infrastructure/on-first-use.ts';

describe('onFirstUse (a provider SDK loaded when first asked for)', () => {
  it('makes it once, at the first call, and hands every caller the same one', async () => {
    let made = 0;
    const get = onFirstUse(async () => ({ n: ++made }));
    expect(made).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(made).toBe(1);
  });

  it('does not keep a failure: the next call tries again', async () => {
    let attempts = 0;
    const get = onFirstUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('SDK missing');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('SDK missing');
    expect(await get()).toBe('loaded');
    expect(await get()).toBe('loaded');
    expect(attempts).toBe(2);
  });
});
