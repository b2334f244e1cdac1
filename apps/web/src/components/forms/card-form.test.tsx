// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CardForm } from './card-form';

afterEach(cleanup);

const numberField = () => screen.getByLabelText('Card number') as HTMLInputElement;

/**
 * What the browser does with one edit of the field: its text becomes `raw` with the caret at
 * `caret`, then the input event fires (with the kind of edit, as a real keyboard reports it).
 */
function edit(raw: string, caret = raw.length, inputType = 'insertText') {
  const input = numberField();
  input.focus();
  fireEvent.input(input, { target: { value: raw, selectionStart: caret, selectionEnd: caret }, inputType });
}

/** Types `digits` one key at a time at the end of the field. */
function typeDigits(digits: string) {
  for (const d of digits) edit(numberField().value + d);
}

/** The text of `element` a screen reader reads (what aria-hidden leaves out). */
function readText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

/** The brand the field names, as a screen reader hears it with the field. */
const brandRead = () =>
  (numberField().getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (document.getElementById(id) ? readText(document.getElementById(id)!) : ''))
    .join(' ')
    .trim();

const renderForm = () => {
  const onSubmit = vi.fn();
  render(<CardForm submitLabel="Pay $10.00" onSubmit={onSubmit} />);
  return onSubmit;
};

describe('CardForm: the card number', () => {
  it('is grouped in fours as it is typed, names Visa from its first digit, and goes to the gateway as digits only', async () => {
    const onSubmit = renderForm();
    typeDigits('4');
    expect(brandRead()).toBe('Visa');
    typeDigits('242');
    expect(numberField().value).toBe('4242');
    typeDigits('4');
    expect([numberField().value, numberField().selectionStart]).toEqual(['4242 4', 6]);
    typeDigits('24242424242');
    expect(numberField().value).toBe('4242 4242 4242 4242');
    expect(screen.getByText('Visa')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Jordan Lee' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YYYY)'), { target: { value: '12/2030' } });
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $10.00' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Jordan Lee', number: '4242424242424242', expiry: '12/2030', cvc: '123' }));
  });

  it('American Express is grouped 4-6-5 and stops at 15 digits; Mastercard is named; an unknown start names no brand', () => {
    renderForm();
    typeDigits('37');
    expect(brandRead()).toBe('American Express');
    typeDigits('82822463100059');
    expect(numberField().value).toBe('3782 822463 10005');
    // Shown short inside the field, read in full.
    expect(screen.getByText('Amex').getAttribute('aria-hidden')).toBe('true');
    edit('');
    expect(brandRead()).toBe('');
    typeDigits('55');
    expect(brandRead()).toBe('Mastercard');
    edit('');
    typeDigits('3');
    // 3 begins American Express, Diners Club and JCB numbers alike.
    expect(brandRead()).toBe('');
    edit('9999');
    expect(brandRead()).toBe('');
  });

  it('a pasted number with dashes or spaces is regrouped', () => {
    renderForm();
    edit('4242-4242 42424242', 18, 'insertFromPaste');
    expect([numberField().value, numberField().selectionStart]).toEqual(['4242 4242 4242 4242', 19]);
  });

  it('a letter is left where it was typed, and paying says the number takes digits only (S19)', async () => {
    const onSubmit = renderForm();
    edit('12a');
    expect(numberField().value).toBe('12a');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $10.00' }));
    expect(await screen.findByText('Please enter valid numbers only')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the caret after the digit typed or deleted in the middle of the number', () => {
    renderForm();
    edit('4242 4242 4242', 14);
    // A digit typed after "42": the rest moves along, the caret stays after the new digit.
    edit('42142 4242 4242', 3);
    expect([numberField().value, numberField().selectionStart]).toEqual(['4214 2424 2424 2', 3]);
    // A digit typed just before a space lands after the space, with the caret after it.
    edit('4214 2424 2424 2', 9);
    edit('4214 24241 2424 2', 10);
    expect([numberField().value, numberField().selectionStart]).toEqual(['4214 2424 1242 42', 11]);
    // Backspace in a group.
    edit('4214 2424 1242 42', 7);
    edit('4214 224 1242 42', 6, 'deleteContentBackward');
    expect([numberField().value, numberField().selectionStart]).toEqual(['4214 2241 2424 2', 6]);
  });

  it('Backspace just after a space deletes the digit before it, and Delete just before one the digit after it', () => {
    renderForm();
    edit('4242 5678', 9);
    // "4242 |5678": the browser removes the space; the field removes the 2 before it.
    edit('42425678', 4, 'deleteContentBackward');
    expect([numberField().value, numberField().selectionStart]).toEqual(['4245 678', 3]);
    // "4245| 678", Delete: the 6 after the space goes.
    edit('4245 678', 4);
    edit('4245678', 4, 'deleteContentForward');
    expect([numberField().value, numberField().selectionStart]).toEqual(['4245 78', 4]);
  });
});

describe('CardForm: a Pay pressed with nothing filled in', () => {
  it('says what each field needs and puts the cursor in the first, Name on card', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $10.00' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name on card')));
    for (const label of ['Name on card', 'Card number', 'Expiry (MM/YYYY)', 'Security code']) expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    // An empty field is named as required, each alike; the format is said once something is typed.
    for (const message of ['Name on card is required', 'Card number is required', 'Expiry is required', 'Security code is required']) expect(screen.getByText(message)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('CardForm: the expiry (K16, S18)', () => {
  const expiryField = () => screen.getByLabelText('Expiry (MM/YYYY)') as HTMLInputElement;
  function fillCard() {
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Jordan Lee' } });
    fireEvent.change(numberField(), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
  }

  it('puts the slash in after the month as it is typed', () => {
    renderForm();
    fireEvent.change(expiryField(), { target: { value: '122030' } });
    expect(expiryField().value).toBe('12/2030');
  });

  it('takes the year as the card prints it: "1230" reads "12/30", then "12/2030" on leaving the field, and pays', async () => {
    const onSubmit = renderForm();
    fillCard();
    fireEvent.change(expiryField(), { target: { value: '1230' } });
    expect(expiryField().value).toBe('12/30');
    fireEvent.blur(expiryField());
    expect(expiryField().value).toBe('12/2030');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $10.00' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Jordan Lee', number: '4242424242424242', expiry: '12/2030', cvc: '123' }));
    expect(screen.queryByText('Expiry must be MM/YYYY')).toBeNull();
  });

  it('pays a two-digit year as 20YY when the button is pressed without leaving the field', async () => {
    const onSubmit = renderForm();
    fillCard();
    fireEvent.change(expiryField(), { target: { value: '0529' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $10.00' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ expiry: '05/2029' })));
  });

  it('still refuses a month that does not exist, or a year of three digits', async () => {
    const onSubmit = renderForm();
    fillCard();
    fireEvent.change(expiryField(), { target: { value: '1330' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $10.00' }));
    expect(await screen.findByText('Expiry must be MM/YYYY')).toBeTruthy();
    fireEvent.change(expiryField(), { target: { value: '12203' } });
    fireEvent.blur(expiryField());
    expect(expiryField().value).toBe('12/203');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $10.00' }));
    await waitFor(() => expect(screen.getByText('Expiry must be MM/YYYY')).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
