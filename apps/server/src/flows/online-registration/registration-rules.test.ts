import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { namedAsChoices } from './registration-rules.ts';

describe('a checkout refusal said of a registration’s choices', () => {
  it('names the choice a cart line stands for, the waitlist choices being no cart lines', () => {
    const classes = [{ waitlist: true }, {}, { waitlist: false }, { waitlist: true }, {}];
    const refusal = new AppError(409, 'CLASS_FULL', 'Dolphin is full.', [
      { field: 'classItems.1', message: 'Dolphin is full.' },
      { field: 'classItems.2', message: 'Noah is already enrolled in Turtle.', code: 'ALREADY_ENROLLED' },
    ]);
    const said = namedAsChoices(refusal, classes) as AppError;
    expect([said.statusCode, said.code, said.message]).toEqual([409, 'CLASS_FULL', 'Dolphin is full.']);
    expect(said.errors).toEqual([
      { field: 'classes.2', message: 'Dolphin is full.' },
      { field: 'classes.4', message: 'Noah is already enrolled in Turtle.', code: 'ALREADY_ENROLLED' },
    ]);
  });

  it('leaves any other refusal as it is', () => {
    const plain = new AppError(402, 'card_declined', 'Your card was declined.');
    expect(namedAsChoices(plain, [{}])).toBe(plain);
    const other = new Error('lost');
    expect(namedAsChoices(other, [{}])).toBe(other);
  });
});
