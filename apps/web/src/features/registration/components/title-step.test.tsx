// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { stepsOf } from '../lib/registration-steps';
import { TitleStep } from './title-step';

afterEach(cleanup);

function renderTitle(skipStudents: boolean, withClasses: boolean) {
  render(
    <MemoryRouter>
      <TitleStep title="Swim School Registration" customerTerm="Customer" studentTerm="Swimmer" steps={stepsOf(skipStudents, withClasses)} onStart={() => {}} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
}

describe('the registration’s title page (N4)', () => {
  it('lists every step of a registration with classes in the order the family goes through them, numbered as the pages number them', () => {
    expect(renderTitle(false, true)).toEqual([
      'Step 1 of 6: Choose ClassesThe classes you would like to join',
      'Step 2 of 6: SwimmersThe details of each swimmer taking part',
      'Step 3 of 6: Your DetailsYour details as the customer who holds the account, and a 6-digit code sent to your email address to check it is yours',
      'Step 4 of 6: Customer DetailsA last look at your details before you go on',
      'Step 5 of 6: AgreementsOur agreements, read and accepted online',
      'Step 6 of 6: CheckoutPayment for the classes',
    ]);
  });

  it('lists only the steps a profile without classes or students has', () => {
    const listed = renderTitle(true, false);
    expect(listed).toHaveLength(3);
    expect(listed.map((text) => text?.slice(0, 'Step 1 of 3: '.length))).toEqual(['Step 1 of 3: ', 'Step 2 of 3: ', 'Step 3 of 3: ']);
    expect(listed[0]).toContain('Your Details');
  });
});
