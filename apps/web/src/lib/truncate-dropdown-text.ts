const MAX_WORD_LENGTH = 15;
const MAX_LINE_BREAKS = 1;
const ELLIPSIS = '…';

/**
 * Bell dropdown rows must stay compact whatever staff type into a notification or message
 * (D1 §9): each word is cut to 15 characters and the text to at most one line break.
 * An ellipsis marks every cut, so a reader knows there is more on the full page.
 */
export function truncateDropdownText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept = lines.slice(0, MAX_LINE_BREAKS + 1);
  const shortened = kept.map((line) =>
    line.replace(/\S+/g, (word) => {
      const chars = Array.from(word);
      return chars.length > MAX_WORD_LENGTH ? chars.slice(0, MAX_WORD_LENGTH).join('') + ELLIPSIS : word;
    }),
  );
  if (lines.length > kept.length) {
    const lastIndex = shortened.length - 1;
    const last = (shortened[lastIndex] ?? '').trimEnd();
    shortened[lastIndex] = last.endsWith(ELLIPSIS) ? last : last + ELLIPSIS;
  }
  return shortened.join('\n');
}
