// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { resetContentPainted, useContentPainted, useMarkContentPainted } from './content-painted';

function Page({ shown }: { shown: boolean }) {
  useMarkContentPainted(shown);
  return <p>{useContentPainted() ? 'painted' : 'waiting'}</p>;
}

let frames: (() => void)[];

beforeEach(() => {
  resetContentPainted();
  frames = [];
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  // jsdom reports no paints: the frames decide, unless a test gives it an observer.
  vi.stubGlobal('PerformanceObserver', undefined);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('content painted', () => {
  it('is set after the paint that follows the content, not while the skeleton shows', () => {
    const { rerender } = render(<Page shown={false} />);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(frames).toHaveLength(0);
    expect(screen.getByText('waiting')).toBeTruthy();

    rerender(<Page shown />);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(screen.getByText('waiting')).toBeTruthy();
    // The frame's callback runs before the paint, a task after it; the next frame is past the
    // paint reaching the screen: only then is it marked.
    act(() => frames.shift()!());
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => frames.shift()!());
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(screen.getByText('painted')).toBeTruthy();
    expect(frames).toHaveLength(0);
  });

  it("where the browser reports largest-contentful-paint, is set by the first report after the content's render", () => {
    let report: ((list: { getEntries: () => { startTime: number }[] }) => void) | undefined;
    class Observer {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', Observer);
    const { rerender } = render(<Page shown={false} />);
    expect(report).toBeUndefined();
    rerender(<Page shown />);
    // An earlier paint (the splash) reported late does not count; the content's does.
    act(() => report!({ getEntries: () => [{ startTime: -1 }] }));
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => report!({ getEntries: () => [{ startTime: performance.now() }] }));
    expect(screen.getByText('painted')).toBeTruthy();
    expect(frames).toHaveLength(0);
  });

  it('is set after a second at the latest when no frame comes (a hidden tab)', () => {
    render(<Page shown />);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('painted')).toBeTruthy();
  });
});
