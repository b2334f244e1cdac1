// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button } from './button';

afterEach(cleanup);

/** A Save whose request the test answers. */
function Harness({ onDone }: { onDone: (finish: () => void) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        loading={busy}
        onClick={() => {
          setBusy(true);
          onDone(() => setBusy(false));
        }}
      >
        Save changes
      </Button>
      <Button>Cancel</Button>
    </>
  );
}

describe('Button', () => {
  it('pressed, it goes busy (the browser drops the focus of a disabled button) and takes the focus back once the answer comes', () => {
    let finish = () => undefined as void;
    render(<Harness onDone={(f) => (finish = f)} />);
    const save = screen.getByRole('button', { name: 'Save changes' });
    save.focus();
    fireEvent.click(save);
    expect((save as HTMLButtonElement).disabled).toBe(true);
    // What the browser does to a focused control that becomes disabled (jsdom keeps it: moved here by hand).
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    act(() => finish());
    expect(document.activeElement).toBe(save);
  });

  it('leaves the focus where the family has put it meanwhile', () => {
    let finish = () => undefined as void;
    render(<Harness onDone={(f) => (finish = f)} />);
    const save = screen.getByRole('button', { name: 'Save changes' });
    fireEvent.click(save);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    act(() => finish());
    expect(document.activeElement).toBe(cancel);
  });

  it('takes no second press while the action of the first is on its way (a double tap), and takes one again after', async () => {
    let calls = 0;
    let finish = () => {};
    render(
      <Button
        onClick={() => {
          calls += 1;
          return new Promise<void>((resolve) => (finish = resolve));
        }}
      >
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(calls).toBe(1);
    await act(async () => finish());
    fireEvent.click(button);
    expect(calls).toBe(2);
  });
});
