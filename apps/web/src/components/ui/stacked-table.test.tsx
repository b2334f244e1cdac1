// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { lineTypeLabel } from '@portal/shared/pricing/line-type-label';
import { StackedTable } from './stacked-table';

afterEach(cleanup);

describe('StackedTable', () => {
  it('a cell with nothing in it shows no bare label on a phone (hidden below sm), and stays a cell of the table above it', () => {
    const lines = [
      { description: 'Dolphin – Monday', type: 'Class' },
      { description: 'Discount Code SPLASH10', type: 'Discount Code' },
    ];
    render(
      <StackedTable
        caption="Invoice lines"
        rowKey={(l) => l.description}
        rows={lines}
        columns={[
          { header: 'Description', title: true, cell: (l) => l.description },
          { header: 'Type', cell: (l) => lineTypeLabel(l.type, l.description) },
        ]}
      />,
    );
    const types = screen.getAllByRole('cell').filter((c) => c.dataset.label === 'Type');
    expect(types.map((c) => [c.textContent, c.classList.contains('hidden'), c.classList.contains('sm:table-cell')])).toEqual([
      ['Class', false, true],
      ['', true, true],
    ]);
  });
});
