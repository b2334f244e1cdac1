// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Pager } from './pager';

afterEach(cleanup);

describe('Pager (issue 25, 15)', () => {
  it('on a single page shows how many there are and no dead Previous / Next', () => {
    render(<Pager page={1} current={1} total={1} summary="3 payments" showSinglePage onPage={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toBe('3 payments');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('over several pages names the page, the count and both buttons', () => {
    render(<Pager page={1} current={1} total={3} summary="25 invoices" showSinglePage onPage={() => {}} />);
    expect(screen.getByText('Page 1 of 3 · 25 invoices')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('without showSinglePage, a single page shows nothing', () => {
    const { container } = render(<Pager page={1} current={1} total={1} onPage={() => {}} />);
    expect(container.textContent).toBe('');
  });

  it('Next takes the focus to the heading of the list it pages (the page goes back to its top), not left on a button scrolled away', () => {
    const pages: number[] = [];
    render(
      <section>
        <h2 className="sr-only">Invoices & Receipts</h2>
        <ul />
        <Pager page={1} current={1} total={3} onPage={(p) => pages.push(p)} />
      </section>,
    );
    const next = screen.getByRole('button', { name: 'Next page' });
    next.focus();
    fireEvent.click(next);
    expect(pages).toEqual([2]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Invoices & Receipts' }));
  });
});
