import creditCardType from 'credit-card-type';

/** The longest card number any brand issues. */
const MAX_DIGITS = 19;

/**
 * The brand a number's first digits name: the only brand they fit, or the one whose pattern they
 * match most closely ("4" is Visa, though a few Elo ranges begin with 4 too); null while the
 * digits fit several equally ("3": American Express, Diners Club or JCB).
 */
function brandOf(digits: string) {
  if (!digits) return null;
  const found = creditCardType(digits);
  if (found.length === 1) return found[0]!;
  const strengths = found.map((c) => c.matchStrength ?? 0);
  const best = Math.max(...strengths);
  return best > 0 && strengths.filter((s) => s === best).length === 1 ? found[strengths.indexOf(best)]! : null;
}

export interface CardNumberInput {
  /** The digits grouped as the brand prints them: "4242 4242 4242 4242", American Express 4-6-5. */
  value: string;
  /** Where the caret goes: after the same digits it followed before the number was regrouped. */
  caret: number;
  /** The brand as a card holder reads it ("Visa", "American Express"), once the digits name one. */
  brand: string | null;
}

/** The position in `value` just after its `count`-th digit (0: its start). */
function afterDigits(value: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < value.length; i += 1) {
    if (/\d/.test(value[i]!)) seen += 1;
    if (seen === count) return i + 1;
  }
  return value.length;
}

const digitsIn = (text: string) => text.replace(/\D/g, '');

/**
 * A card number field's text after an edit, regrouped. `raw` and `caret` are the field as the
 * edit left it, `previous` its text before. An edit that removed only a space (Backspace just after
 * one, Delete just before one) removes the digit beyond it instead, as a number written on paper
 * would lose it; digits beyond the brand's longest number are dropped. Text with a letter is left
 * as it is, for the field's message to name it.
 */
export function formatCardNumberInput(raw: string, caret: number, previous: string, inputType = ''): CardNumberInput {
  // Anything but digits and separators stays as typed, so the field says "Please enter valid numbers only" (S19).
  if (/[^\d\s-]/.test(raw)) return { value: raw, caret, brand: brandOf(digitsIn(raw))?.niceType ?? null };
  let digits = digitsIn(raw);
  let before = digitsIn(raw.slice(0, caret)).length;
  if (raw.length < previous.length && digits === digitsIn(previous)) {
    const forward = inputType === 'deleteContentForward';
    const at = forward ? before : before - 1;
    if (at >= 0 && at < digits.length) {
      digits = digits.slice(0, at) + digits.slice(at + 1);
      if (!forward) before -= 1;
    }
  }
  const brand = brandOf(digits);
  const longest = brand ? Math.max(...brand.lengths) : MAX_DIGITS;
  digits = digits.slice(0, longest);
  before = Math.min(before, digits.length);
  // Visa's 18 and 19 digit numbers go on in fours after its last gap.
  const gaps = brand ? (brand.gaps.at(-1) === 12 && longest > 16 ? [...brand.gaps, 16] : brand.gaps) : [4, 8, 12, 16];
  let value = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (gaps.includes(i)) value += ' ';
    value += digits[i];
  }
  return { value, caret: afterDigits(value, before), brand: brand?.niceType ?? null };
}
