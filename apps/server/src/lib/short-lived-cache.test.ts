import { describe, expect, it } from 'vitest';
import { ShortLivedCache } from './short-lived-cache.ts';

describe('a short-lived cache', () => {
  it('answers a key from the first computation until its time is up, then computes again', async () => {
    let now = 1_000;
    const cache = new ShortLivedCache<number>(500, 10, () => now);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get('a', compute)).toBe(1);
    now += 499;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2);
    now += 1;
    expect(await cache.get('a', compute)).toBe(3);
    expect(computed).toBe(3);
  });

  it('shares one computation among concurrent misses of a key', async () => {
    const cache = new ShortLivedCache<string>(1_000);
    let computed = 0;
    let finish!: (value: string) => void;
    const compute = () => {
      computed++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const answers = Promise.all(Array.from({ length: 50 }, () => cache.get('k', compute)));
    finish('answer');
    expect(await answers).toEqual(Array(50).fill('answer'));
    expect(computed).toBe(1);
  });

  it('forgets a failed computation at once, so the next call tries again', async () => {
    const cache = new ShortLivedCache<number>(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('keeps at most its number of keys, dropping the oldest', async () => {
    const cache = new ShortLivedCache<string>(60_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    let computed = 0;
    await cache.get('a', async () => `a${++computed}`);
    await cache.get('d', async () => `d${++computed}`);
    expect(computed).toBe(1);
  });

  it('drops expired keys as new ones come, so only the answers of the last moments are held', async () => {
    let now = 0;
    const cache = new ShortLivedCache<string>(100, 50, () => now);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    now = 60;
    await cache.get('d', async () => 'd');
    expect(cache.size).toBe(4);
    now = 120;
    await cache.get('e', async () => 'e');
    expect(cache.size).toBe(2);
  });

  it('computes every call when its time to live is 0', async () => {
    const cache = new ShortLivedCache<number>(0);
    let computed = 0;
    await cache.get('k', async () => ++computed);
    await cache.get('k', async () => ++computed);
    expect(computed).toBe(2);
    expect(cache.size).toBe(0);
  });
});
