// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { registrationTestConfig } from '@/test/registration-fixtures';
import type { ChosenClass } from '../lib/registration-state';
import { ChosenClassLabel } from './chosen-class-label';

afterEach(() => cleanup());

const intensive: ChosenClass = { ClassID: 9, Name: 'Holiday intensive', Day: 1, Time: '11:00:00', Venue: 'Bondi', PlacesLeft: 5, casual: false, dates: [], waitlist: false };

function renderLabel(cls: ChosenClass) {
  const client = new QueryClient();
  client.setQueryData(companyConfigQueryOptions.queryKey, registrationTestConfig());
  render(
    <QueryClientProvider client={client}>
      <ChosenClassLabel cls={cls} />
    </QueryClientProvider>,
  );
}

describe('ChosenClassLabel (the later pages of a registration)', () => {
  it('a holiday class chosen for the rest of its term says the days it runs, as its dialog did, not its one weekday', () => {
    // 23 December 2026 is a Wednesday, the 27th a Sunday.
    renderLabel({ ...intensive, runs: ['2026-12-23', '2026-12-24', '2026-12-27'] });
    expect(screen.getByText(/^Wed 23\/12\/2026 to Sun 27\/12\/2026 .*· Bondi$/)).toBeTruthy();
  });

  it('one session chosen: its own weekday; a choice kept from before its sessions were: the class’s weekday', () => {
    renderLabel({ ...intensive, casual: true, dates: ['2026-12-24'], runs: ['2026-12-23', '2026-12-24'] });
    expect(screen.getByText(/^Thu .*· Bondi$/)).toBeTruthy();
    cleanup();
    renderLabel(intensive);
    expect(screen.getByText(/^Mon .*· Bondi$/)).toBeTruthy();
  });
});
