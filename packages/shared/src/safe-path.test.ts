import { describe, expect, it } from 'vitest';
import { isSafeInternalPath } from './safe-path.ts';

describe('isSafeInternalPath', () => {
  it.each(['/', '/hub', '/hub/classes?x=1#top', '/hub/caf%C3%A9'])('keeps the same-site path %j', (path) => {
    expect(isSafeInternalPath(path)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'hub',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/hub\u0000',
    '/hub\u007f',
    `/${'a'.repeat(500)}`,
  ])('refuses %j', (path) => {
    expect(isSafeInternalPath(path)).toBe(false);
  });
});
