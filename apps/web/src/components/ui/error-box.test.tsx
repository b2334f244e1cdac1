// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ErrorBox } from './error-box';

// jsdom has no scrollIntoView; the files of this process share its document, so it goes as it came.
const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
afterEach(() => {
  cleanup();
  if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('ErrorBox', () => {
  it('brings each new message into view (a refusal at the top of a long page after Pay at its foot), not each render', () => {
    // jsdom lays nothing out: the call is what a browser scrolls by.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const onDismiss = () => {};
    const { rerender } = render(<ErrorBox message={null} onDismiss={onDismiss} />);
    expect(scrolled).toEqual([]);
    rerender(<ErrorBox message="Your card was declined." onDismiss={onDismiss} />);
    expect(scrolled).toEqual([screen.getByRole('alert')]);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'nearest' });
    rerender(<ErrorBox message="Your card was declined." onDismiss={() => {}} />);
    expect(scrolled).toHaveLength(1);
    rerender(<ErrorBox message="Insufficient funds." onDismiss={onDismiss} />);
    expect(scrolled).toHaveLength(2);
  });
});
