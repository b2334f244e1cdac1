import { describe, expect, it } from 'vitest';
import { truncateDropdownText } from './truncate-dropdown-text';

describe('truncateDropdownText', () => {
  it('leaves short text untouched', () => {
    expect(truncateDropdownText('Pool closed on Monday')).toBe('Pool closed on Monday');
  });

  it('keeps a word of exactly 15 characters whole', () => {
    expect(truncateDropdownText('abcdefghijklmno done')).toBe('abcdefghijklmno done');
  });

  it('cuts a 30-character word to its first 15 characters', () => {
    const word = 'abcdefghijklmnopqrstuvwxyz1234';
    expect(truncateDropdownText(`see ${word} now`)).toBe('see abcdefghijklmno… now');
  });

  it('keeps at most one line break and marks the cut', () => {
    expect(truncateDropdownText('line one\nline two\nline three')).toBe('line one\nline two…');
  });

  it('keeps a single line break as it is', () => {
    expect(truncateDropdownText('first\nsecond')).toBe('first\nsecond');
  });

  it('treats Windows line endings as one break', () => {
    expect(truncateDropdownText('a\r\nb\r\nc')).toBe('a\nb…');
  });

  it('does not split a character made of two code units', () => {
    const word = '😀'.repeat(20);
    expect(truncateDropdownText(word)).toBe('😀'.repeat(15) + '…');
  });

  it('does not add a second ellipsis when the kept line already ends in a cut word', () => {
    expect(truncateDropdownText('x\nabcdefghijklmnopq\nz')).toBe('x\nabcdefghijklmno…');
  });
});
