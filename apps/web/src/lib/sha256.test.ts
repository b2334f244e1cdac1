import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';
import { solveChallenge } from './solve-challenge';

describe('sha256Hex', () => {
  it('matches node:crypto for short and multi-block texts', () => {
    for (const text of ['', 'abc', 'a1b2c3d4e5f60718293a4b5c123456', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'q'.repeat(200)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });

  it('solves a challenge the way the server checks it', async () => {
    const salt = 'f00dfeed1234';
    const challenge = createHash('sha256').update(`${salt}12345`).digest('hex');
    expect(await solveChallenge({ algorithm: 'SHA-256', challenge, salt, maxnumber: 20_000 })).toEqual({ algorithm: 'SHA-256', challenge, salt, number: 12345 });
    expect(await solveChallenge({ algorithm: 'SHA-256', challenge, salt, maxnumber: 100 })).toBeUndefined();
  });
});
