/** The marketplace's sort and seed, and the list query they make. */
import { describe, expect, it } from 'vitest';
import { answeredSeed, marketQueryInput, newSeed, SEED_BUCKETS, SEED_MAX } from './marketplace-sort.ts';

describe('sort and seed', () => {
  it('draws seeds from a few buckets, so random first pages come from the shared cache', () => {
    expect(newSeed(() => 0)).toBe(1);
    expect(newSeed(() => 0.999999999999)).toBe(SEED_BUCKETS);
    expect(newSeed(() => 0.5)).toBe(1 + SEED_BUCKETS / 2);
    expect(SEED_BUCKETS).toBeLessThanOrEqual(SEED_MAX);
  });

  it('goes on with the seed the server answered, else the one sent', () => {
    expect(answeredSeed(7, { data: [], nextCursor: null, seed: 42 })).toBe(42);
    expect(answeredSeed(7, { data: [], nextCursor: null })).toBe(7);
    expect(answeredSeed(7, { seed: 0 })).toBe(7);
    expect(answeredSeed(7, undefined)).toBe(7);
  });

  it('sends the seed with random only', () => {
    expect(marketQueryInput('random', 42)).toEqual({ sort: 'random', seed: 42, limit: 20 });
    expect(marketQueryInput('newest', 42)).toEqual({ sort: 'newest', limit: 20 });
    expect(marketQueryInput('favorites', 42)).toEqual({ sort: 'favorites', limit: 20 });
  });
});
