// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { SignedAgreementAnswer } from '@portal/shared/agreement-schemas';
import { classesTestConfig } from '@/test/classes-config';
import { renderRoute } from '@/test/render-route';
import { SignedAgreement } from './signed-agreement';

afterEach(cleanup);

const answer: SignedAgreementAnswer = {
  success: true,
  agreement: { AgreementID: 1, Name: 'Terms', AgreementText: 'Be on time.', RequiresSignature: false, Version: 1, pivot: { Required: true }, Signed: null },
  signature: { Name: 'Terms', AgreementText: 'Be on time.', Version: 1, SignedAt: '2026-03-04T03:05:09Z', Signature: null },
};

describe('SignedAgreement', () => {
  it('C13: when it was signed is a timestamp in DateFormat with hh:mm:ss a, in the company’s zone', () => {
    const config = classesTestConfig('HoursAndMinutes');
    config.localization = { ...config.localization, TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' };
    renderRoute(<SignedAgreement answer={answer} headingId="h" />, { url: '/', config });
    expect(screen.getByText(/^Accepted on 04\/03\/2026 02:05:09 PM$/)).toBeTruthy();
  });

  it('says "Accepted on" for an agreement accepted without a signature, and "Signed on" beside a signature', () => {
    const config = classesTestConfig('HoursAndMinutes');
    renderRoute(<SignedAgreement answer={answer} headingId="h" />, { url: '/', config });
    expect(screen.queryByText(/Signed on/)).toBeNull();
    expect(screen.queryByText(/without a signature/)).toBeNull();
    expect(screen.getByText(/^Accepted on /)).toBeTruthy();
    cleanup();
    const signed = { ...answer, signature: { ...answer.signature, Signature: 'data:image/png;base64,AAAA' } };
    renderRoute(<SignedAgreement answer={signed} headingId="h" />, { url: '/', config });
    expect(screen.getByText(/^Signed on /)).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Your signature on Terms, signed on / })).toBeTruthy();
  });

  it('an agreement that asks for a signature, signed before the account came to the portal (no picture kept), reads "Signed on" as the list does, and says where the signed copy is', () => {
    const config = classesTestConfig('HoursAndMinutes');
    const imported = { ...answer, agreement: { ...answer.agreement, RequiresSignature: true } };
    renderRoute(<SignedAgreement answer={imported} headingId="h" />, { url: '/', config });
    expect(screen.getByText(/^Signed on /)).toBeTruthy();
    expect(screen.getByText(`This agreement was signed before your account was set up here: ${config.CompanyDisplayName} keeps the signed copy.`)).toBeTruthy();
  });
});
