import { describe, expect, it } from 'vitest';
import { outboxCommandOptions, outboxReport } from './outbox-command.ts';

const mail = (to: string, minute: number) => ({ to, subject: `Mail at ${minute}`, text: `Your code is ${minute}`, createdAt: `2030-03-05T10:${String(minute).padStart(2, '0')}:00.000Z` });
const mails = [mail('jordan@example.com', 1), mail('sam@example.com', 2), mail('Jordan@Example.com', 3), mail('sam@example.com', 4), mail('jordan@example.com', 5)];
const subjects = (text: string) => [...text.matchAll(/^Subject: (.+)$/gm)].map((m) => m[1]);

describe('npm run portal -- outbox', () => {
  it('shows the newest first, five unless --last says otherwise, and says how many are older', () => {
    const report = outboxReport(mails, outboxCommandOptions([]));
    expect(subjects(report)).toEqual(['Mail at 5', 'Mail at 4', 'Mail at 3', 'Mail at 2', 'Mail at 1']);
    expect(subjects(outboxReport(mails, outboxCommandOptions(['--last', '1'])))).toEqual(['Mail at 5']);
    const two = outboxReport(mails, outboxCommandOptions(['--last', '2']));
    expect(two.trimEnd().split('\n').at(-1)).toBe('3 older e-mails not shown: --last 5 shows them too.');
  });

  it('an address shows only the mail sent to it, whatever its case', () => {
    expect(subjects(outboxReport(mails, outboxCommandOptions(['JORDAN@example.com'])))).toEqual(['Mail at 5', 'Mail at 3', 'Mail at 1']);
    expect(subjects(outboxReport(mails, outboxCommandOptions(['sam@example.com', '--last', '1'])))).toEqual(['Mail at 4']);
    expect(outboxReport(mails, outboxCommandOptions(['nobody@example.com']))).toBe('No e-mail to nobody@example.com since the server started.\n');
    expect(outboxReport([], outboxCommandOptions([]))).toBe('No e-mail since the server started.\n');
  });

  it('a --last that is not a count is refused', () => {
    expect(() => outboxCommandOptions(['--last', 'x'])).toThrow('--last takes a number of e-mails, such as --last 3');
    expect(() => outboxCommandOptions(['--last', '0'])).toThrow('--last takes a number of e-mails, such as --last 3');
  });
});
