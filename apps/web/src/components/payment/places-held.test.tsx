// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PlacesHeld, PlacesLapsed } from './places-held';

afterEach(cleanup);

describe('PlacesHeld and PlacesLapsed', () => {
  it('names the clock the hold ends on, as the waiting room does', () => {
    render(<PlacesHeld headingId="h" until={Date.UTC(2026, 10, 30, 7, 26)} left={59_000} zone="Australia/Sydney" summary="Your places are held." />);
    expect(screen.getByRole('heading', { name: 'Held for you until 06:26 PM (Sydney time)' })).toBeTruthy();
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
