// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RegistrationPanel } from './registration-panel';

afterEach(() => cleanup());

describe('RegistrationPanel', () => {
  it('N6: each asterisk of RegistrationText starts a bullet; "*a *b" is two bullets', () => {
    render(<RegistrationPanel companyName="Splash Online" companyInformation="" header="Create your family account" text="*a *b" />);
    const panel = screen.getByRole('complementary', { name: 'About this registration' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a', 'b']);
    expect(panel.textContent).not.toContain('*');
  });

  it('N6, C22: the text before the first asterisk is a paragraph; the OCR company name heads the panel with the company information as a side note', () => {
    render(
      <RegistrationPanel
        companyName="Splash Swim School – Online Enrolment"
        companyInformation="Lessons seven days a week."
        header="Create your family account"
        text="Join today. *Book lessons online *Pay invoices*  *See receipts"
      />,
    );
    const panel = screen.getByRole('complementary', { name: 'About this registration' });
    expect(within(panel).getByText('Splash Swim School – Online Enrolment')).toBeTruthy();
    expect(within(panel).getByText('Lessons seven days a week.')).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Create your family account' })).toBeTruthy();
    expect(within(panel).getByText('Join today.').tagName).toBe('P');
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Book lessons online', 'Pay invoices', 'See receipts']);
  });

  it('N6: the profile’s registrationImage heads the panel; no image, no picture', () => {
    const { container, rerender } = render(<RegistrationPanel companyName="Splash" companyInformation="" header="Enrol in Learn to Swim" text="" image="data:image/svg+xml;base64,PHN2Zy8+" />);
    const picture = container.querySelector('aside img');
    expect(picture?.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(picture?.compareDocumentPosition(screen.getByText('Splash')) ?? 0).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    rerender(<RegistrationPanel companyName="Splash" companyInformation="" header="Enrol in Learn to Swim" text="" image="https://cdn.example.com/pool.jpg" />);
    expect(container.querySelector('aside img')?.getAttribute('src')).toBe('https://cdn.example.com/pool.jpg');
    rerender(<RegistrationPanel companyName="Splash" companyInformation="" header="Enrol in Learn to Swim" text="" image={null} />);
    expect(container.querySelector('aside img')).toBeNull();
  });

  it('a text without asterisks is one paragraph and no list; no side note without company information', () => {
    render(<RegistrationPanel companyName="Splash" companyInformation="" header="" text="Five lessons in five days." />);
    const panel = screen.getByRole('complementary', { name: 'About this registration' });
    expect(within(panel).queryByRole('list')).toBeNull();
    expect(within(panel).getByText('Five lessons in five days.')).toBeTruthy();
    expect(panel.querySelectorAll('p')).toHaveLength(2);
  });
});
