import {
  memo,
  useRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type RefObject
} from 'react'
import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useVirtualizer, type Virtualizer, type VirtualItem } from '@tanstack/react-virtual'
import { spacers } from './row-window'
import { ariaSort, rowIndexOf, rowMove, rowsPerPage, sortMark, type SortState } from './table-model'
import classes from './VirtualTable.module.css'

/**
 * The app's long tables (Listings, Availability's results, the references file and its
 * results): one real table whose rows exist only while in view (@tanstack/react-virtual), spacer
 * rows standing for the rest so the header and the columns stay one table; headers that sort,
 * with `aria-sort`; one keyboard model (below); one stylesheet.
 *
 * The rows are the caller's: each is a `<tr>` with `aria-rowindex` (its place + 2, the header
 * being row 1), drawn by `renderRow` for the rows in view. Where the rows are fetched in windows
 * as the view moves, the caller reads the range from `useVirtualRows` first.
 *
 * Keys: on a button in a row, Arrow Up/Down, Page Up/Down, Home and End move the focus to the
 * same button (by its place in the row) of another row, scrolling it into view.
 */

export interface VirtualColumn<K extends string = string> {
  key: K
  /** The header's text; also "Sort by …" on a sortable header. */
  label: string
  width?: number
  numeric?: boolean
  sortable?: boolean
  /** The header is read by screen readers only (a column of buttons). */
  hiddenLabel?: boolean
}

export interface VirtualRows {
  scrollRef: RefObject<HTMLDivElement | null>
  virtualizer: Virtualizer<HTMLDivElement, Element>
  items: VirtualItem[]
  /** The rows in view (overscan included): first..last, last < first when none. */
  first: number
  last: number
  rowHeight: number
}

/**
 * The virtualizer of a table of `count` rows of `rowHeight` pixels (an estimate where `measure`
 * lets each drawn row tell its own height). Rows scrolled to by keyboard land below the sticky
 * header, not under it.
 */
export function useVirtualRows({
  count,
  rowHeight,
  overscan,
  headerHeight = 41,
  initialOffset,
  rowKey
}: {
  count: number
  rowHeight: number
  overscan: number
  headerHeight?: number
  initialOffset?: number
  /**
   * Rows of differing heights: each drawn row is measured (its `ref` is the virtualizer's
   * measureElement) and keyed by its data, so it keeps its height as the rows above change.
   */
  rowKey?: (index: number) => string
}): VirtualRows {
  const scrollRef = useRef<HTMLDivElement>(null)
  // The virtualizer re-renders through its own onChange; its handles are not React state.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    initialOffset,
    getItemKey: rowKey,
    scrollPaddingStart: headerHeight,
    // Fixed-height rows have nothing to correct synchronously while scrolling; measured ones do.
    useFlushSync: rowKey !== undefined
  })
  const items = virtualizer.getVirtualItems()
  return {
    scrollRef,
    virtualizer,
    items,
    first: items[0]?.index ?? 0,
    last: items[items.length - 1]?.index ?? -1,
    rowHeight
  }
}

export function VirtualTable<K extends string>({
  rows,
  total,
  label,
  columns,
  renderRow,
  sort,
  onSort,
  busy,
  testId,
  scrollTestId,
  scrolls,
  height,
  minWidth,
  verticalSpacing = 8,
  headerHeight = 41,
  tableProps
}: {
  rows: VirtualRows
  /** Rows in the whole result (the table's aria-rowcount is that plus the header). */
  total: number
  /** The table's accessible name. */
  label: string
  columns: readonly VirtualColumn<K>[]
  renderRow: (item: VirtualItem) => ReactNode
  sort?: SortState<K> | null
  onSort?: (key: K) => void
  busy?: boolean
  testId?: string
  scrollTestId?: string
  /**
   * The scroll box is a region in the tab order named "<label> (scrolls)", so arrow keys scroll
   * it: for tables whose rows hold nothing to focus. A border marks the box.
   */
  scrolls?: boolean
  /**
   * The scroll box's height: 'fill' its parent, at most a number of pixels, or by default at
   * most `min(560px, 65vh)`.
   */
  height?: 'fill' | number
  minWidth: number
  verticalSpacing?: number | 'xs'
  headerHeight?: number
  tableProps?: HTMLAttributes<HTMLTableElement> & Record<`data-${string}`, string | undefined>
}) {
  const { scrollRef, virtualizer, items } = rows
  const { before, after } = spacers(items, virtualizer.getTotalSize())

  const focusCell = (index: number, column: number, tries = 12) => {
    const target = scrollRef.current?.querySelectorAll<HTMLElement>(
      `tbody [aria-rowindex="${index + 2}"] button`
    )[column]
    if (target) target.focus()
    // The row is drawn a frame or two after the scroll reaches it.
    else if (tries > 0) requestAnimationFrame(() => focusCell(index, column, tries - 1))
  }
  // One handler for every row (rows carry no callbacks, so an unchanged row is not redrawn).
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    tableProps?.onKeyDown?.(e)
    const button = (e.target as Element).closest?.<HTMLButtonElement>('tbody tr button')
    const row = button?.closest('tr')
    const index = rowIndexOf(row?.getAttribute('aria-rowindex'))
    if (!button || !row || index === null) return
    const page = rowsPerPage(scrollRef.current?.clientHeight ?? 400, rows.rowHeight)
    const target = rowMove(e.key, index, total, page)
    if (target === null) return
    e.preventDefault()
    const column = Math.max(0, [...row.querySelectorAll('button')].indexOf(button))
    virtualizer.scrollToIndex(target, { align: 'auto' })
    focusCell(target, column)
  }

  const spacer = (height: number) => (
    <tr aria-hidden className={classes.spacer}>
      <td colSpan={columns.length} style={{ height }} />
    </tr>
  )
  return (
    <div
      ref={scrollRef}
      className={[
        classes.scroll,
        height === 'fill' ? classes.fill : height === undefined ? classes.capped : '',
        scrolls ? `mantine-focus-auto ${classes.framed}` : ''
      ].join(' ')}
      style={typeof height === 'number' ? { maxHeight: height } : undefined}
      data-testid={scrollTestId}
      {...(scrolls ? { role: 'region', 'aria-label': `${label} (scrolls)`, tabIndex: 0 } : {})}
    >
      <Table
        stickyHeader
        verticalSpacing={verticalSpacing}
        horizontalSpacing="xs"
        {...tableProps}
        className={classes.table}
        // Plain rows (VirtualTable.module.css .row) take the height the virtualizer counts on.
        style={{ minWidth, ['--vt-row-height' as string]: `${rows.rowHeight}px` }}
        aria-label={label}
        aria-rowcount={total + 1}
        aria-busy={busy}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <colgroup>
          {columns.map((c) => (
            <col key={c.key} style={c.width ? { width: c.width } : undefined} />
          ))}
        </colgroup>
        <Header columns={columns} sort={sort} onSort={onSort} height={headerHeight} />
        <tbody>
          {before > 0 && spacer(before)}
          {items.map(renderRow)}
          {after > 0 && spacer(after)}
        </tbody>
      </Table>
    </div>
  )
}

/** The column headers, redrawn only when the order or the columns change. */
const Header = memo(function Header<K extends string>({
  columns,
  sort,
  onSort,
  height
}: {
  columns: readonly VirtualColumn<K>[]
  sort: SortState<K> | null | undefined
  onSort: ((key: K) => void) | undefined
  height: number
}) {
  return (
    <Table.Thead>
      <Table.Tr aria-rowindex={1} h={height}>
        {columns.map((c) => (
          <Table.Th
            key={c.key}
            ta={c.numeric ? 'right' : undefined}
            aria-sort={ariaSort(sort, c.key)}
          >
            {c.sortable && onSort ? (
              <UnstyledButton
                className={classes.sortButton}
                onClick={() => onSort(c.key)}
                aria-label={`Sort by ${c.label}`}
              >
                {c.label}
                <span aria-hidden className={classes.sortMark}>
                  {sortMark(sort, c.key)}
                </span>
              </UnstyledButton>
            ) : c.hiddenLabel ? (
              <VisuallyHidden>{c.label}</VisuallyHidden>
            ) : (
              c.label
            )}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  )
}) as <K extends string>(props: {
  columns: readonly VirtualColumn<K>[]
  sort: SortState<K> | null | undefined
  onSort: ((key: K) => void) | undefined
  height: number
}) => ReactNode

/**
 * A VirtualTable of rows held in memory (an imported file may hold thousands), each measured as
 * drawn (problems make some taller), in a bordered box that takes keyboard focus so arrow keys
 * and Page Down scroll it (its rows hold nothing to focus).
 */
export function MeasuredTable<T>({
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
  const virtual = useVirtualRows({
    count: rows.length,
    rowHeight: estimateSize,
    overscan: 8,
    rowKey: (index) => rowKey(rows[index])
  })
  return (
    <VirtualTable
      rows={virtual}
      total={rows.length}
      label={label}
      columns={columns}
      testId={testId}
      scrolls
      height={maxHeight}
      minWidth={960}
      verticalSpacing="xs"
      renderRow={(item) => {
        const row = rows[item.index]
        return (
          <Table.Tr
            key={item.key}
            ref={virtual.virtualizer.measureElement}
            data-index={item.index}
            aria-rowindex={item.index + 2}
            {...rowProps?.(row)}
          >
            {renderCells(row)}
          </Table.Tr>
        )
      }}
    />
  )
}
