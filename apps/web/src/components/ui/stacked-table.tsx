import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface StackedColumn<Row> {
  /** The column's heading; on a phone, the label before each value. */
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'right';
  /** The row's title: on a phone it spans the card, first, with no label. */
  title?: boolean;
  className?: string;
}

/**
 * A table on a wide screen, a card per row on a phone (every value under its column's name), so
 * no column hides behind a sideways scroll. The explicit roles keep it a table to screen readers
 * while a phone lays its rows out as blocks.
 */
export function StackedTable<Row>({ caption, columns, rows, rowKey }: { caption: string; columns: StackedColumn<Row>[]; rows: Row[]; rowKey: (row: Row, index: number) => string }) {
  return (
    <table role="table" className="block w-full text-sm sm:table sm:min-w-full sm:divide-y sm:divide-line">
      <caption className="sr-only">{caption}</caption>
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept as a row group while a phone lays it out as a block */}
      <thead role="rowgroup" className="sr-only bg-canvas sm:not-sr-only sm:table-header-group">
        <tr role="row" className="text-left text-xs font-semibold tracking-wide text-muted uppercase">
          {columns.map((c) => (
            <th key={c.header} role="columnheader" scope="col" className={cn('px-4 py-3 sm:px-5 sm:first:pl-8 sm:last:pr-8', c.align === 'right' && 'text-right')}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept as a row group while a phone lays it out as a block */}
      <tbody role="rowgroup" className="block divide-y divide-line-soft sm:table-row-group">
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)} role="row" className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 sm:table-row sm:p-0">
            {columns.map((c) => {
              const content = c.cell(row);
              // An empty cell shows no bare label on a phone (a line whose description already says its type).
              const empty = content === null || content === undefined || content === '';
              return (
                <td
                  key={c.header}
                  // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a cell stays a cell when laid out as a block
                  role="cell"
                  data-label={c.header}
                  className={cn(
                    'min-w-0 sm:table-cell sm:px-5 sm:py-3 sm:first:pl-8 sm:last:pr-8',
                    c.title ? 'col-span-2 font-medium text-ink' : 'before:mr-1.5 before:text-muted before:content-[attr(data-label)] sm:before:content-none',
                    c.align === 'right' && 'sm:text-right sm:whitespace-nowrap sm:tabular-nums',
                    empty && 'hidden',
                    c.className,
                  )}
                >
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
