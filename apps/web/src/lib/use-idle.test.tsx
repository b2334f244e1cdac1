// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useIdle } from './use-idle';

function Probe() {
  return <p>{useIdle() ? 'idle' : 'busy'}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useIdle', () => {
  it('is false on the first render and true once the browser is idle', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => ((idle = callback), 1));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    render(<Probe />);
    expect(screen.getByText('busy')).toBeTruthy();
    act(() => idle?.());
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it('without requestIdleCallback, turns true right after the first render', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    render(<Probe />);
    expect(screen.getByText('busy')).toBeTruthy();
    expect(await screen.findByText('idle')).toBeTruthy();
  });
});
