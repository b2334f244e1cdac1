import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * A commit's subject is what `git log --oneline`, a review and a release note show: under 72
 * characters, so it is read whole. The rule holds from the first stop that ran it in CI; merges keep
 * git's own subject.
 */
const GATE_SINCE = '2026-11-28T09:00:00Z';
const MAX = 71;

describe('commit subjects', () => {
  it(`are under 72 characters from ${GATE_SINCE} on`, () => {
    let subjects: string[];
    try {
      subjects = execFileSync('git', ['log', '--no-merges', `--since=${GATE_SINCE}`, '--format=%s'], { cwd: import.meta.dirname, encoding: 'utf8' })
        .split('\n')
        .filter(Boolean);
    } catch {
      // Not a git checkout (an exported tree): there is no history to read.
      return;
    }
    expect(subjects.filter((s) => s.length > MAX)).toEqual([]);
  });
});
