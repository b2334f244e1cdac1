// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import type { Agreement, AgreeToAgreementAnswer, AgreeToAgreementInput } from '@portal/shared/agreement-schemas';
import { server, installMockServer } from '@/test/msw';
import { AgreementToSign } from './agreement-to-sign';

installMockServer();
afterEach(() => cleanup());

const terms: Agreement = {
  AgreementID: 7,
  Name: 'Terms and conditions',
  AgreementText: 'Lessons are charged per term in advance.',
  RequiresSignature: false,
  Version: 1,
  pivot: { Required: true },
  Signed: null,
};

function renderScreen(onSigned = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AgreementToSign agreement={terms} headingId="h" onSigned={onSigned} />
    </QueryClientProvider>,
  );
  return onSigned;
}

describe('AgreementToSign', () => {
  it('K21, S56: Accept stays disabled until "I agree to the {name}" is ticked; K22: the answer’s message is passed on', async () => {
    let sent: AgreeToAgreementInput | undefined;
    server.use(
      http.post<never, AgreeToAgreementInput, AgreeToAgreementAnswer>('/api/customer/agree-to-agreement', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: 'Agreement signed successfully' });
      }),
    );
    const onSigned = renderScreen();
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect((accept as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I agree to the Terms and conditions'));
    expect((accept as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(accept);
    await waitFor(() => expect(onSigned).toHaveBeenCalledWith('Agreement signed successfully'));
    expect(sent).toEqual({ agreement_id: 7, signature: null });
  });

  it('K23, L10: a refusal shows the server message in the error box, keeps the screen and stops loading', async () => {
    server.use(http.post('/api/customer/agree-to-agreement', () => HttpResponse.json<ApiError>({ message: 'Agreement not found', code: 'NOT_FOUND' }, { status: 404 })));
    const onSigned = renderScreen();
    fireEvent.click(screen.getByLabelText('I agree to the Terms and conditions'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Agreement not found');
    expect(onSigned).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
