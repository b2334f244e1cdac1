// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { Modal } from './modal';
import { TextField } from './text-field';

afterEach(cleanup);

describe('Modal focus on opening', () => {
  it('moves focus to the field marked data-autofocus, not the close button before it', async () => {
    render(
      <Modal open onOpenChange={() => {}} title="Login">
        <TextField label="Nickname" />
        <TextField label="Email" data-autofocus />
      </Modal>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it("without a marked field, Radix's first tabbable element takes focus", async () => {
    render(
      <Modal open onOpenChange={() => {}} title="Login">
        <TextField label="Email" />
      </Modal>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' })));
  });
});

describe('Modal focus on closing', () => {
  /** A page with a button that opens a form dialog, whose Save hands over to a Done dialog (the add-to-cart pattern). */
  function HandOver({ removeOpener = false, hiddenInput = false }: { removeOpener?: boolean; hiddenInput?: boolean }) {
    const [step, setStep] = useState<'none' | 'form' | 'done'>('none');
    const [gone, setGone] = useState(false);
    return (
      <div>
        <button type="button">Before</button>
        <div>
          {gone ? (
            <span>Absent – Other</span>
          ) : (
            <button type="button" onClick={() => setStep('form')}>
              Open
            </button>
          )}
          {/* A file input the page works by a button (the student picture's): never a place for the focus. */}
          {hiddenInput ? <input type="file" tabIndex={-1} aria-hidden="true" className="sr-only" /> : null}
          <button type="button">Next to it</button>
        </div>
        <Modal open={step === 'form'} onOpenChange={() => setStep('none')} title="Form">
          <button
            type="button"
            onClick={() => {
              setGone(removeOpener);
              setStep('done');
            }}
          >
            Save
          </button>
        </Modal>
        <Modal open={step === 'done'} onOpenChange={() => setStep('none')} title="Done">
          <button type="button" onClick={() => setStep('none')}>
            Continue
          </button>
        </Modal>
      </div>
    );
  }

  /** Open, Save in the form's dialog, Continue in the Done dialog: each pressed where the focus is, as a keyboard would. */
  async function openSaveContinue() {
    for (const [name, find] of [
      ['Open', false],
      ['Save', true],
      ['Continue', true],
    ] as const) {
      const button = find ? await screen.findByRole('button', { name }) : screen.getByRole('button', { name });
      button.focus();
      fireEvent.click(button);
    }
  }

  it('a dialog that hands over to another gives the focus back to the button that opened the first', async () => {
    render(<HandOver />);
    await openSaveContinue();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));
  });

  it('a step that gives way to the next step’s dialog (removed while open) hands its opener on: Escape on the second goes back to it', async () => {
    function Steps() {
      const [step, setStep] = useState<0 | 1 | 2>(0);
      return (
        <div>
          <button type="button" onClick={() => setStep(1)}>
            Notify absence
          </button>
          {step === 1 ? (
            <Modal key="one" open onOpenChange={() => setStep(0)} title="Choose a session">
              <button type="button" onClick={() => setStep(2)}>
                Next
              </button>
            </Modal>
          ) : step === 2 ? (
            <Modal key="two" open onOpenChange={() => setStep(0)} title="Reason for absence">
              <button type="button">Notify</button>
            </Modal>
          ) : null}
        </div>
      );
    }
    render(<Steps />);
    const opener = screen.getByRole('button', { name: 'Notify absence' });
    opener.focus();
    fireEvent.click(opener);
    const next = await screen.findByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    await screen.findByRole('dialog', { name: 'Reason for absence' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notify absence' })));
  });

  it('where the opener is gone, the focus goes to the nearest control where it was, not the top of the page', async () => {
    render(<HandOver removeOpener />);
    await openSaveContinue();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next to it' })));
  });

  it('the nearest control is one a keyboard reaches: not a hidden file input', async () => {
    render(<HandOver removeOpener hiddenInput />);
    await openSaveContinue();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next to it' })));
  });
});

describe('Modal focus when a link in it leads to another page', () => {
  /** A page whose button opens a dialog with a link to the checkout (the added-to-cart dialog's "Go to checkout"). */
  function ClassesPage() {
    const [open, setOpen] = useState(false);
    return (
      <div>
        <button type="button" onClick={() => setOpen(true)}>
          Add to cart
        </button>
        <Modal open={open} onOpenChange={setOpen} title="Added to cart">
          <Link to="/checkout">Go to checkout</Link>
        </Modal>
      </div>
    );
  }

  afterEach(() => window.history.replaceState(null, '', '/'));

  it('the focus goes to the new page’s main content, not its first text box (where a phone would open its keyboard)', async () => {
    window.history.replaceState(null, '', '/classes');
    render(
      <BrowserRouter>
        <main id="main" tabIndex={-1}>
          <Routes>
            <Route path="/classes" element={<ClassesPage />} />
            <Route
              path="/checkout"
              element={
                <div>
                  <h1>Checkout</h1>
                  <label>
                    Discount code <input type="text" />
                  </label>
                </div>
              }
            />
          </Routes>
        </main>
      </BrowserRouter>,
    );
    const open = screen.getByRole('button', { name: 'Add to cart' });
    open.focus();
    fireEvent.click(open);
    const link = await screen.findByRole('link', { name: 'Go to checkout' });
    link.focus();
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
    expect(document.activeElement).not.toBe(screen.getByRole('textbox', { name: 'Discount code' }));
  });
});
