import { flexRender, getCoreRowModel, getFilteredRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { Unit } from '../../core/model/index.js';
import { formatNumber } from '../i18n/format.js';
import { useTranslation } from '../i18n/i18n.js';

const ROW_HEIGHT = 30;

const localNumber = (value: number | undefined, digits: number) => (value === undefined || value === null ? '' : formatNumber(value, digits));

const columns: ColumnDef<Unit>[] = [
  {
    accessorKey: 'refCatastral',
    header: 'unit',
    size: 64,
    // Every unit shares the finca's 14 characters: show the 6 that tell them apart, the whole reference on hover.
    cell: ({ getValue }) => {
      const ref = getValue<string>();
      return <span title={ref}>{ref.length === 20 ? ref.slice(14) : ref}</span>;
    },
  },
  { accessorKey: 'uso', header: 'use', size: 100 },
  { accessorKey: 'escalera', header: 'stair', size: 42 },
  { accessorKey: 'planta', header: 'floor', size: 44 },
  { accessorKey: 'puerta', header: 'door', size: 42 },
  { accessorKey: 'superficie', header: 'area', size: 56, sortingFn: 'basic', cell: ({ getValue }) => localNumber(getValue<number | undefined>(), 1) },
  { accessorKey: 'participacion', header: 'share', size: 56, sortingFn: 'basic', cell: ({ getValue }) => localNumber(getValue<number | undefined>(), 4) },
  { accessorKey: 'anio', header: 'year', size: 46, sortingFn: 'basic' },
];
/** Column widths as shares of the panel, so the table never scrolls sideways. */
const TOTAL_WIDTH = columns.reduce((sum, column) => sum + (column.size ?? 50), 0);
const widthOf = (size: number) => `${((size / TOTAL_WIDTH) * 100).toFixed(2)}%`;

export interface UnitsTableProps {
  units: Unit[];
  onOpen(ref: string): void;
  /** Height of the scrolling body; rows outside it are not rendered (virtualised). */
  height?: number;
}

/** Every unit of a finca: click a header to sort, type to filter, click a row to open the unit. */
export function UnitsTable({ units, onOpen, height = 320 }: UnitsTableProps) {
  const { t } = useTranslation('units');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [filter, setFilter] = useState('');
  const table = useReactTable({
    data: units,
    columns,
    state: { sorting, globalFilter: filter },
    onSortingChange: setSorting,
    onGlobalFilterChange: setFilter,
    globalFilterFn: 'includesString',
    // First click sorts ascending for every column, numbers included (tanstack defaults numbers to descending).
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const rows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Before layout is measured (and in jsdom) assume the declared height so rows render at once.
    initialRect: { width: 600, height },
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0].start : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <div className="units-table">
      <div className="units-toolbar">
        <input
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('filterPlaceholder')}
          aria-label={t('filter')}
          data-testid="units-filter"
        />
        <span className="muted" data-testid="units-shown">
          {t('shown', { count: units.length, shown: formatNumber(rows.length), total: formatNumber(units.length) })}
        </span>
      </div>
      <div ref={scroller} className="units-scroll" style={{ height }}>
        <table>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  // Narrow columns show a language's short heading (Esc., Tr., Pięt.); the button is named in full.
                  const name = t(`columnName.${header.column.columnDef.header as string}`);
                  return (
                    <th
                      key={header.id}
                      style={{ width: widthOf(header.getSize()) }}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    >
                      <button type="button" onClick={header.column.getToggleSortingHandler()} title={name} aria-label={name}>
                        {t(`column.${header.column.columnDef.header as string}`)}
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true">
                <td colSpan={columns.length} style={{ height: padTop }} />
              </tr>
            )}
            {items.map((item) => {
              const row = rows[item.index];
              return (
                <tr
                  key={row.id}
                  className="unit-row"
                  data-testid="unit-row"
                  data-ref={row.original.refCatastral}
                  style={{ height: ROW_HEIGHT }}
                  tabIndex={0}
                  onClick={() => onOpen(row.original.refCatastral)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') onOpen(row.original.refCatastral);
                  }}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              );
            })}
            {padBottom > 0 && (
              <tr aria-hidden="true">
                <td colSpan={columns.length} style={{ height: padBottom }} />
              </tr>
            )}
            {rows.length === 0 && filter && (
              <tr>
                <td colSpan={columns.length} className="muted" data-testid="units-no-match">
                  {t('noMatch', { filter })}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
