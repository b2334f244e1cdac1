// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lengthLeft, TextareaField } from './textarea-field';

afterEach(() => cleanup());

describe('a text box with a limit', () => {
  it('says nothing until the text is within a tenth of the limit, then what is left, then that the limit is reached', () => {
    expect([lengthLeft(0, 2000), lengthLeft(1799, 2000), lengthLeft(1800, 2000), lengthLeft(1999, 2000), lengthLeft(2000, 2000)]).toEqual([
      null,
      null,
      '200 characters left',
      '1 character left',
      'You have reached the limit of 2,000 characters.',
    ]);
  });

  it('counts as the family types, tells a screen reader through the box’s description, and reads a value already there on focus', () => {
    render(<TextareaField label="Your reply" maxLength={100} defaultValue={'x'.repeat(95)} />);
    const box = screen.getByLabelText('Your reply');
    expect(screen.queryByText(/characters? left/)).toBeNull();
    fireEvent.focus(box);
    expect(screen.getByText('5 characters left')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(100) } });
    const said = screen.getByText('You have reached the limit of 100 characters.');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(said.id);
    fireEvent.change(box, { target: { value: 'short' } });
    expect(screen.queryByText(/characters/)).toBeNull();
    expect(box.getAttribute('aria-describedby')).toBeNull();
  });
});
