// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import type { Agreement } from '@portal/shared/agreement-schemas';
import { REGISTRATION_TOKEN_HEADER, type VerifyCaptchaAnswer, type verifyCaptchaRequestSchema } from '@portal/shared/registration-schemas';
import { decodeCaptcha, serveCaptchaChallenges, SOLVED_AT } from '@/test/captcha';
import { server, installMockServer } from '@/test/msw';
import { AgreementsStep, type AgreementAnswer } from './agreements-step';

// jsdom draws on no canvas: the pad is a button that "signs", and shows the message it is given.
vi.mock('@/components/ui/signature-pad', () => ({
  SignaturePad: ({ onChange, error }: { onChange: (s: string | null) => void; error?: string | null }) => (
    <div>
      <button type="button" onClick={() => onChange('data:image/png;base64,iVBORw0KGgo=')}>
        Draw a signature
      </button>
      {error ? <p>{error}</p> : null}
    </div>
  ),
}));

installMockServer();
afterEach(() => cleanup());

const terms: Agreement = {
  AgreementID: 1,
  Name: 'Terms and conditions',
  AgreementText: 'Lessons are charged per term.',
  RequiresSignature: false,
  Version: 1,
  pivot: { Required: true },
  Signed: null,
};
const consent: Agreement = {
  AgreementID: 2,
  Name: 'Medical and photo consent',
  AgreementText: 'I consent to first aid.',
  RequiresSignature: true,
  Version: 1,
  pivot: { Required: true },
  Signed: null,
};
const photos: Agreement = { AgreementID: 3, Name: 'Photo release', AgreementText: 'Photos may be used.', RequiresSignature: false, Version: 1, pivot: { Required: false }, Signed: null };
const QUESTION = 'Would you like to receive news and offers from Splash Swim School by e-mail?';

function Harness({
  showCaptcha,
  onSubmit,
  initialSignatures,
  initiallyAgreed = {},
}: {
  showCaptcha: boolean;
  onSubmit: (answers: AgreementAnswer[], marketing: boolean | null) => void;
  initialSignatures?: Record<number, string | null>;
  initiallyAgreed?: Record<number, boolean>;
}) {
  const [agreed, setAgreed] = useState<Record<number, boolean>>(initiallyAgreed);
  const [marketing, setMarketing] = useState<boolean | null>(null);
  return (
    <AgreementsStep
      agreements={[terms, consent, photos]}
      marketingQuestion={QUESTION}
      showCaptcha={showCaptcha}
      registrationToken="registration-token-123"
      agreed={agreed}
      onAgreedChange={(id, value) => setAgreed((a) => ({ ...a, [id]: value }))}
      marketing={marketing}
      onMarketingChange={setMarketing}
      step={{ index: 3, count: 3 }}
      submitting={false}
      error={null}
      onDismissError={() => {}}
      onSubmit={(answers) => onSubmit(answers, marketing)}
      onExpired={() => {}}
      onBack={() => {}}
      initialSignatures={initialSignatures}
    />
  );
}

function renderStep(showCaptcha = false) {
  const onSubmit = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness showCaptcha={showCaptcha} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return onSubmit;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
/** The texts an element's aria-describedby points at. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('AgreementsStep', () => {
  it('N25, N26: Submit with nothing answered names each required agreement and asks for the marketing answer; nothing is sent', async () => {
    const onSubmit = renderStep();
    expect(screen.getByText(QUESTION)).toBeTruthy();
    submit();
    expect(await screen.findByText('Please tick "I agree to the Terms and conditions"')).toBeTruthy();
    expect(screen.getByText('Please tick "I agree to the Medical and photo consent"')).toBeTruthy();
    expect(screen.getByText('Signature for Medical and photo consent is required')).toBeTruthy();
    expect(screen.getByText('Please select an option')).toBeTruthy();
    // The optional agreement asks for nothing.
    expect(screen.queryByText('Please tick "I agree to the Photo release"')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('N25, N26: each message is tied to its control, and a failed Submit takes focus to the first one still to answer', async () => {
    renderStep();
    submit();
    const terms = screen.getByLabelText('I agree to the Terms and conditions');
    await waitFor(() => expect(document.activeElement).toBe(terms));
    expect(description(terms)).toBe('Please tick "I agree to the Terms and conditions"');
    expect(description(screen.getByLabelText('I agree to the Medical and photo consent'))).toBe('Please tick "I agree to the Medical and photo consent"');
    expect(description(screen.getByRole('radio', { name: 'Yes' }))).toBe('Please select an option');
    fireEvent.click(terms);
    fireEvent.click(screen.getByLabelText('I agree to the Medical and photo consent'));
    fireEvent.click(screen.getByRole('button', { name: 'Draw a signature' }));
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Yes' })));
  });

  it('N25: ticked but unsigned still needs the signature; once all is answered the answers are handed on', async () => {
    const onSubmit = renderStep();
    fireEvent.click(screen.getByLabelText('I agree to the Terms and conditions'));
    fireEvent.click(screen.getByLabelText('I agree to the Medical and photo consent'));
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    submit();
    expect(await screen.findByText('Signature for Medical and photo consent is required')).toBeTruthy();
    expect(screen.queryByText('Please select an option')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Draw a signature' }));
    expect(screen.queryByText('Signature for Medical and photo consent is required')).toBeNull();
    submit();
    expect(onSubmit).toHaveBeenCalledWith(
      [
        { agreementID: 1, agreed: true, signature: null },
        { agreementID: 2, agreed: true, signature: 'data:image/png;base64,iVBORw0KGgo=' },
        { agreementID: 3, agreed: false, signature: null },
      ],
      false,
    );
  });

  it('N29, S53, S54: with the captcha shown, Submit first asks for it; a refused verification says it failed, in the widget’s words', async () => {
    const served = serveCaptchaChallenges();
    const sent: z.input<typeof verifyCaptchaRequestSchema>[] = [];
    const sessions: (string | null)[] = [];
    server.use(
      http.post<never, z.input<typeof verifyCaptchaRequestSchema>, VerifyCaptchaAnswer>('/api/ocr/verify-captcha', async ({ request }) => {
        sent.push(await request.json());
        sessions.push(request.headers.get(REGISTRATION_TOKEN_HEADER));
        return HttpResponse.json({ success: true, verified: false });
      }),
    );
    const onSubmit = renderStep(true);
    fireEvent.click(screen.getByLabelText('I agree to the Terms and conditions'));
    fireEvent.click(screen.getByLabelText('I agree to the Medical and photo consent'));
    fireEvent.click(screen.getByRole('button', { name: 'Draw a signature' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    submit();
    expect(await screen.findByText('Please complete the verification')).toBeTruthy();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I’m not a robot' }));
    expect(await screen.findByText('The verification failed. Please try again.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    // R59, R69: the spec's `{ token }`; the registration is named by the session's header.
    expect(Object.keys(sent[0]!)).toEqual(['token']);
    expect(sessions).toEqual(['registration-token-123']);
    expect(decodeCaptcha(sent[0]!.token)).toEqual({ nonce: served[0]!.parameters.nonce, counter: SOLVED_AT });
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('N29: a verified captcha lets the registration be sent; a failing verification call shows nothing but the console', async () => {
    serveCaptchaChallenges();
    let fail = true;
    server.use(
      http.post<never, z.input<typeof verifyCaptchaRequestSchema>, VerifyCaptchaAnswer>('/api/ocr/verify-captcha', () =>
        fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ success: true, verified: true }),
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onSubmit = renderStep(true);
    fireEvent.click(screen.getByLabelText('I agree to the Terms and conditions'));
    fireEvent.click(screen.getByLabelText('I agree to the Medical and photo consent'));
    fireEvent.click(screen.getByRole('button', { name: 'Draw a signature' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'I’m not a robot' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Captcha verification failed', expect.anything()));
    expect(screen.queryByText('The verification failed. Please try again.')).toBeNull();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'I’m not a robot' }) as HTMLInputElement).checked).toBe(false));
    fail = false;
    fireEvent.click(screen.getByRole('checkbox', { name: 'I’m not a robot' }));
    expect(await screen.findByText('Verified')).toBeTruthy();
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    logged.mockRestore();
  });

  it('the submission’s error box is scrolled into view when it appears', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const step = (error: string | null) => (
      <QueryClientProvider client={new QueryClient()}>
        <AgreementsStep
          agreements={[terms]}
          marketingQuestion=""
          showCaptcha={false}
          registrationToken="registration-token-123"
          agreed={{ 1: true }}
          onAgreedChange={() => {}}
          marketing={null}
          onMarketingChange={() => {}}
          step={{ index: 3, count: 3 }}
          submitting={false}
          error={error}
          onDismissError={() => {}}
          onSubmit={() => {}}
          onExpired={() => {}}
          onBack={() => {}}
        />
      </QueryClientProvider>
    );
    const { rerender } = render(step(null));
    expect(scrolled).not.toHaveBeenCalled();
    rerender(step('The registration could not be sent. Please try again.'));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('alert'));
  });

  it('N33: the submission’s error box hides itself after 6 seconds', () => {
    vi.useFakeTimers();
    try {
      const onDismissError = vi.fn();
      const client = new QueryClient();
      render(
        <QueryClientProvider client={client}>
          <AgreementsStep
            agreements={[terms]}
            marketingQuestion=""
            showCaptcha={false}
            registrationToken="registration-token-123"
            agreed={{}}
            onAgreedChange={() => {}}
            marketing={null}
            onMarketingChange={() => {}}
            step={{ index: 3, count: 3 }}
            submitting={false}
            error="This registration has expired. Please verify your email address again."
            onDismissError={onDismissError}
            onSubmit={() => {}}
            onExpired={() => {}}
            onBack={() => {}}
          />
        </QueryClientProvider>,
      );
      expect(screen.getByRole('alert').textContent).toBe('This registration has expired. Please verify your email address again.');
      vi.advanceTimersByTime(5_900);
      expect(onDismissError).not.toHaveBeenCalled();
      vi.advanceTimersByTime(200);
      expect(onDismissError).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('back from the checkout, the signature given before is kept: Submit sends it without signing again', async () => {
    const onSubmit = vi.fn();
    const signature = 'data:image/png;base64,c2lnbmVkIGJlZm9yZQ==';
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness showCaptcha={false} onSubmit={onSubmit} initialSignatures={{ 2: signature }} initiallyAgreed={{ 1: true, 2: true }} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toContainEqual({ agreementID: 2, agreed: true, signature });
    expect(screen.queryByText('Signature for Medical and photo consent is required')).toBeNull();
  });

  it('a reload (the ticks kept, the signature not): says to sign again, beside the pad, before Submit is tried', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness showCaptcha={false} onSubmit={vi.fn()} initiallyAgreed={{ 1: true, 2: true }} />
      </QueryClientProvider>,
    );
    // Before, the pad was blank with no word why, and Next answered "Signature … is required".
    expect(screen.getByText('Please sign Medical and photo consent again: a signature is not kept when the page reloads or you leave this step.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Draw a signature' }));
    expect(screen.queryByText(/a signature is not kept/)).toBeNull();
  });

  it('nothing ticked yet, or the signature kept: no word of signing again', () => {
    for (const props of [{}, { initiallyAgreed: { 1: true, 2: true }, initialSignatures: { 2: 'data:image/png;base64,c2lnbmVk' } }]) {
      const page = render(
        <QueryClientProvider client={new QueryClient()}>
          <Harness showCaptcha={false} onSubmit={vi.fn()} {...props} />
        </QueryClientProvider>,
      );
      expect(screen.queryByText(/a signature is not kept/)).toBeNull();
      page.unmount();
    }
  });
});
