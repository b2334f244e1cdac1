// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { installKeepFieldFocus } from './keep-field-focus';

afterEach(cleanup);

function press(el: Element, button = 0): boolean {
  const event = new MouseEvent('mousedown', { bubbles: true, cancelable: true, button });
  el.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('a mouse press on a form button keeps focus in the field', () => {
  it('keeps focus for the submit button and other buttons of the focused field’s form, not elsewhere', () => {
    const uninstall = installKeepFieldFocus(document);
    try {
      render(
        <>
          <form aria-label="one">
            <input aria-label="Email" />
            <button type="button">Show</button>
            <button type="submit">
              <span>Login</span>
            </button>
            <button type="submit" disabled>
              Disabled
            </button>
          </form>
          <form aria-label="two">
            <input aria-label="Other" />
            <button type="submit">Send</button>
          </form>
          <button type="button">Outside</button>
        </>,
      );
      const login = screen.getByText('Login');
      // Nothing focused: the press behaves as usual.
      expect(press(login)).toBe(false);

      screen.getByLabelText('Email').focus();
      expect(press(login)).toBe(true);
      expect(press(screen.getByText('Show'))).toBe(true);
      expect(press(login, 2)).toBe(false);
      expect(press(screen.getByText('Disabled'))).toBe(false);
      expect(press(screen.getByText('Send'))).toBe(false);
      expect(press(screen.getByText('Outside'))).toBe(false);
    } finally {
      uninstall();
    }
  });
});
