import { useRef, type ReactNode } from 'react'
import { Table } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'

export interface VirtualColumn {
  key: string
  label: ReactNode
  width?: number
}

/**
 * A table of many rows (an imported file may hold thousands), of which only those in view are
 * in the page: @tanstack/react-virtual measures each rendered row (problems make some taller)
 * and spacer rows stand for the rest, so the header and columns stay one real table. The
 * scroll box takes keyboard focus, so arrow keys and Page Down scroll it.
 */
export function VirtualTable<T>({
  rows,
  columns,
  rowKey,
  renderCells,
  rowProps,
  label,
  testId,
  estimateSize = 56,
  maxHeight = 520
}: {
  rows: readonly T[]
  columns: readonly VirtualColumn[]
  rowKey: (row: T) => string
  renderCells: (row: T) => ReactNode
  rowProps?: (row: T) => Record<string, string | number | undefined>
  label: string
  testId?: string
  estimateSize?: number
  maxHeight?: number
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  // The virtualizer's own handles are not React state; it re-renders this table itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => rowKey(rows[index]),
    overscan: 8
  })
  const items = virtualizer.getVirtualItems()
  const before = items.length > 0 ? items[0].start : 0
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0
  const spacer = (height: number) => (
    <tr aria-hidden>
      <td colSpan={columns.length} style={{ height, padding: 0, border: 0 }} />
    </tr>
  )

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={`${label} (scrolls)`}
      tabIndex={0}
      className="mantine-focus-auto"
      // A border marks the box that scrolls, so a row cut at its edge reads as "more below".
      style={{
        maxHeight,
        overflow: 'auto',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)'
      }}
    >
      <Table
        stickyHeader
        verticalSpacing="xs"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        data-testid={testId}
        miw={960}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {columns.map((c) => (
              <Table.Th key={c.key} w={c.width}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && spacer(before)}
          {items.map((item) => {
            const row = rows[item.index]
            return (
              <Table.Tr
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                {...rowProps?.(row)}
              >
                {renderCells(row)}
              </Table.Tr>
            )
          })}
          {after > 0 && spacer(after)}
        </Table.Tbody>
      </Table>
    </div>
  )
}
