// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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
