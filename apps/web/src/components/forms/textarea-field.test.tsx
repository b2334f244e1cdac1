// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { lengthLeft, TextareaField } from './textarea-field';

afterEach(() => cleanup());

/** A box of 100 characters in a form, emptied by the form's reset (as a sent message is). */
function Reply() {
  const form = useForm({ defaultValues: { body: 'x'.repeat(95) } });
  return (
    <form>
      <TextareaField label="Your reply" maxLength={100} {...form.register('body')} />
      <button type="button" onClick={() => form.reset({ body: '' })}>
        Sent
      </button>
    </form>
  );
}

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

  it('counts a value already there and each keystroke, names the count in the box’s description, and drops it when the form empties the box', async () => {
    render(<Reply />);
    const box = screen.getByLabelText('Your reply');
    expect(screen.getByText('5 characters left')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(100) } });
    const said = screen.getByText('You have reached the limit of 100 characters.');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(said.id);
    fireEvent.click(screen.getByRole('button', { name: 'Sent' }));
    await waitFor(() => expect(screen.queryByText(/characters/)).toBeNull());
    expect(box.getAttribute('aria-describedby')).toBeNull();
  });

  it('tells a screen reader once the typing pauses, not at every keystroke', async () => {
    render(<Reply />);
    const box = screen.getByLabelText('Your reply');
    const live = () => document.querySelector('[aria-live="polite"]')!.textContent;
    await waitFor(() => expect(live()).toBe('5 characters left'), { timeout: 2_000 });
    fireEvent.change(box, { target: { value: 'x'.repeat(97) } });
    fireEvent.change(box, { target: { value: 'x'.repeat(98) } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(live()).toBe('5 characters left');
    await waitFor(() => expect(live()).toBe('2 characters left'), { timeout: 2_000 });
  });
});
