// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PlacesHeld, PlacesLapsed } from './places-held';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PlacesHeld and PlacesLapsed', () => {
  it('names the clock the hold ends on, as the waiting room does', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 30, 7, 25), toFake: ['Date'] });
    render(<PlacesHeld headingId="h" until={Date.UTC(2026, 10, 30, 7, 26)} left={59_000} zone="Australia/Sydney" summary="Your places are held." />);
    expect(screen.getByRole('heading', { name: 'Held for you until 06:26 PM (Sydney time)' })).toBeTruthy();
  });

  it('says the day too when the hold ends on another day (a waitlist offer’s)', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 30, 7, 25), toFake: ['Date'] });
    render(<PlacesHeld headingId="h" until={Date.UTC(2026, 11, 1, 7, 25)} left={86_400_000} zone="Australia/Sydney" dateFormat="dd/MM/yyyy" summary="Your places are held." />);
    expect(screen.getByRole('heading', { name: 'Held for you until 01/12/2026 at 06:25 PM (Sydney time)' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('1 day');
  });

  it('Hold again tapped twice asks once', () => {
    const asked: number[] = [];
    function Lapsed() {
      const [busy, setBusy] = useState(false);
      return (
        <PlacesLapsed
          headingId="l"
          lines={[<li key="a">Dolphin – Monday</li>]}
          error={null}
          busy={busy}
          onHoldAgain={() => {
            asked.push(1);
            setTimeout(() => setBusy(true), 20);
          }}
        />
      );
    }
    render(<Lapsed />);
    const again = screen.getByRole('button', { name: 'Hold again' });
    fireEvent.click(again);
    fireEvent.click(again);
    expect(asked).toHaveLength(1);
  });
});
