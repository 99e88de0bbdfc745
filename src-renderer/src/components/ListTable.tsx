import type { ReactNode } from 'react'
import { Skeleton, Table, VisuallyHidden } from '@mantine/core'

export interface ListColumn {
  label: string
  /** A fixed width, so the long column gets the rest and wraps less. */
  w?: number
  ta?: 'right'
  /** Said to screen readers only (a column of buttons needs no visible heading). */
  hidden?: boolean
}

/**
 * One page of a list (History, Journal, Recent bookings) as a striped table that scrolls
 * sideways below its minimum width; rows of placeholders until the page has come.
 */
export function ListTable<T>({
  label,
  columns,
  minWidth,
  busy,
  hover = false,
  testId,
  placeholders = 6,
  rows,
  row
}: {
  /** The table's name: "Recorded changes". */
  label: string
  columns: readonly ListColumn[]
  minWidth: number
  /** The page is being read: said to screen readers. */
  busy: boolean
  /** Rows light up under the pointer (they open something). */
  hover?: boolean
  testId?: string
  placeholders?: number
  /** The page's items; undefined until they have come. */
  rows: readonly T[] | undefined
  row: (item: T, index: number) => ReactNode
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        highlightOnHover={hover}
        verticalSpacing="xs"
        aria-label={label}
        aria-busy={busy}
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} w={c.w} ta={c.ta}>
                {c.hidden ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows
            ? rows.map(row)
            : Array.from({ length: placeholders }, (_, i) => (
                <Table.Tr key={i}>
                  {columns.map((c) => (
                    <Table.Td key={c.label}>
                      <Skeleton height={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
