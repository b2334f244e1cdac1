// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render as renderInDom, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { registrationTestConfig } from '@/test/registration-fixtures';
import type { ChosenClass } from '../lib/registration-state';
import { FamilyStudentsStep, type FamilyStudent } from './family-students-step';

afterEach(() => cleanup());

function render(ui: ReactElement) {
  const client = new QueryClient();
  client.setQueryData(companyConfigQueryOptions.queryKey, registrationTestConfig());
  return renderInDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const students: FamilyStudent[] = [
  { StudentID: 11, FirstName: 'Mia', LastName: 'Shah', Age: 4 },
  { StudentID: 12, FirstName: 'Leo', LastName: 'Shah', Age: 9 },
];
const cls = (ClassID: number, Name: string, PlacesLeft = 5): ChosenClass => ({ ClassID, Name, Day: 1, Time: '16:00:00', Venue: 'Main Pool', PlacesLeft, casual: false, dates: [], waitlist: false });

function Harness({ chosen, onNext, enrolledIn }: { chosen: ChosenClass[]; onNext: () => void; enrolledIn?: (studentId: number, classId: number) => boolean }) {
  const [assigned, setAssigned] = useState<Record<number, number[]>>({});
  return (
    <FamilyStudentsStep
      students={students}
      companyName="Splash Swim School"
      studentTerm="Swimmer"
      chosen={chosen}
      assigned={assigned}
      enrolledIn={enrolledIn}
      onToggle={(studentId, classId, on) => setAssigned((a) => ({ ...a, [studentId]: on ? [...(a[studentId] ?? []), classId] : (a[studentId] ?? []).filter((id) => id !== classId) }))}
      onChangeClasses={() => undefined}
      onNext={onNext}
      onBack={() => undefined}
      step={{ index: 2, count: 4 }}
    />
  );
}

describe('FamilyStudentsStep (an existing family in the registration)', () => {
  it("N18: says where students are added, in the spec's words with the company name, and offers no add, edit or remove", () => {
    render(<Harness chosen={[cls(1, 'Tadpoles')]} onNext={() => undefined} />);
    expect(screen.getByText(/please contact Splash Swim School or add a student via the Customer Hub/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add (a|another)/ })).toBeNull();
    expect(screen.getByText('Mia Shah')).toBeTruthy();
    expect(screen.getByText('Leo Shah')).toBeTruthy();
  });

  it('N15: Next is disabled until at least one class is chosen overall; one student may go without', () => {
    const onNext = vi.fn();
    render(<Harness chosen={[cls(1, 'Tadpoles'), cls(2, 'Dolphins')]} onNext={onNext} />);
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(screen.getByText('Choose at least one class to go on.')).toBeTruthy();
    const leo = screen.getByRole('group', { name: 'Classes for Leo Shah' });
    fireEvent.click(within(leo).getByRole('checkbox', { name: /Dolphins/ }));
    expect(next.disabled).toBe(false);
    // The class chosen for no one is said to be left out before Next goes on without it.
    expect(screen.getByRole('status').textContent).toBe('No swimmer is put into Tadpoles, so it will not be booked.');
    fireEvent.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);
    fireEvent.click(within(leo).getByRole('checkbox', { name: /Dolphins/ }));
    expect(next.disabled).toBe(true);
  });

  it('does not offer a class to more students than it has places for', () => {
    render(<Harness chosen={[cls(3, 'Sharks', 1)]} onNext={() => undefined} />);
    fireEvent.click(within(screen.getByRole('group', { name: 'Classes for Mia Shah' })).getByRole('checkbox', { name: /Sharks/ }));
    const leo = within(screen.getByRole('group', { name: 'Classes for Leo Shah' })).getByRole('checkbox', { name: /Sharks/ }) as HTMLInputElement;
    expect(leo.disabled).toBe(true);
  });

  it('a swimmer already in a chosen class is not offered it again, and says why', () => {
    render(<Harness chosen={[cls(1, 'Tadpoles'), cls(2, 'Dolphins')]} onNext={() => undefined} enrolledIn={(student, classId) => student === 11 && classId === 1} />);
    const mia = screen.getByRole('group', { name: 'Classes for Mia Shah' });
    const tadpoles = within(mia).getByRole('checkbox', { name: /Tadpoles/ }) as HTMLInputElement;
    expect([tadpoles.disabled, tadpoles.checked]).toEqual([true, false]);
    expect(within(mia).getByText('Already enrolled in this class')).toBeTruthy();
    expect((within(mia).getByRole('checkbox', { name: /Dolphins/ }) as HTMLInputElement).disabled).toBe(false);
    expect((within(screen.getByRole('group', { name: 'Classes for Leo Shah' })).getByRole('checkbox', { name: /Tadpoles/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('a swimmer outside a chosen class’s ages is not offered it, and says why', () => {
    render(
      <Harness
        chosen={[
          { ...cls(1, 'Dolphins'), MinAge: 7, MaxAge: 12 },
          { ...cls(2, 'Tadpoles'), MinAge: 3, MaxAge: 5 },
        ]}
        onNext={() => undefined}
      />,
    );
    const mia = screen.getByRole('group', { name: 'Classes for Mia Shah' });
    expect((within(mia).getByRole('checkbox', { name: /Dolphins/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(mia).getByText('For ages 7 to 12: Mia is 4')).toBeTruthy();
    expect((within(mia).getByRole('checkbox', { name: /Tadpoles/ }) as HTMLInputElement).disabled).toBe(false);
    const leo = screen.getByRole('group', { name: 'Classes for Leo Shah' });
    expect((within(leo).getByRole('checkbox', { name: /Dolphins/ }) as HTMLInputElement).disabled).toBe(false);
    expect((within(leo).getByRole('checkbox', { name: /Tadpoles/ }) as HTMLInputElement).disabled).toBe(true);
  });
});
