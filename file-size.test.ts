import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No hand-written source file over MAX_LINES lines: a file that long holds more than one
 * responsibility, and is split by responsibility rather than left to grow.
 */
const MAX_LINES = 400;
const root = import.meta.dirname;

/** The portal's source and scripts, the browser suite's code, and the configuration at the root. */
const SOURCE = [/^(apps|packages|scripts|e2e)\/.+\.(ts|tsx|mts|js|mjs|cjs)$/, /^[^/]+\.(ts|js|mjs|cjs)$/];

/** Files whose length is not a sign of mixed responsibilities. */
const EXEMPT: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\.(test|spec)\.tsx?$/, why: 'a test file is a list of cases about one unit; splitting it by size scatters them' },
  { pattern: /^apps\/server\/src\/seed\//, why: 'the demo data: long because the demo companies are, not because it mixes concerns' },
  { pattern: /^apps\/server\/src\/db\/migrations\//, why: 'migrations are history, never rewritten once released' },
  { pattern: /^apps\/server\/src\/db\/schema\.ts$/, why: "the database's types, to be generated from the migrations" },
];

function trackedSourceFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0');
  // A file deleted in the working tree but not yet from the index is not source any more.
  return files.filter((file) => SOURCE.some((p) => p.test(file)) && fs.existsSync(path.join(root, file)));
}

function lineCount(file: string): number {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe(`source files of at most ${MAX_LINES} lines`, () => {
  const files = trackedSourceFiles();
  const tooLong = files
    .filter((file) => !EXEMPT.some(({ pattern }) => pattern.test(file)))
    .map((file) => ({ file, lines: lineCount(file) }))
    .filter(({ lines }) => lines > MAX_LINES);

  it('finds the source files', () => {
    // Guards the listing itself: a broken pattern or git call would make every check below pass.
    expect(files).toContain('packages/shared/src/form-engine/form-schema.ts');
    expect(files).toContain('scripts/bench.mjs');
    expect(files).toContain('vitest.config.ts');
    expect(files.length).toBeGreaterThan(300);
  });

  it('has none over the limit', () => {
    const offenders = tooLong.map(({ file, lines }) => `${file} (${lines} lines)`);
    expect(offenders, `split these by responsibility: ${offenders.join(', ')}`).toEqual([]);
  });
});
