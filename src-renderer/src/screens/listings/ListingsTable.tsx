import { memo, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { Table, UnstyledButton } from '@mantine/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ErrorAlert } from '../../components/ErrorAlert'
import { ListingRow, LoadingRow } from './ListingCells'
import { spacers } from '../../components/row-window'
import { useListingRows } from './use-listing-rows'
import type { ListingsView, SortKey } from './view-state'
import classes from './ListingsTable.module.css'

const ROW_HEIGHT = 41
const HEADER_HEIGHT = 41

type ColumnKey = SortKey | 'bookingType' | 'active'

const COLUMNS: { key: ColumnKey; label: string; width?: number; numeric?: boolean }[] = [
  { key: 'id', label: 'ID', width: 74, numeric: true },
  { key: 'referenceNumber', label: 'Reference', width: 118 },
  // The name takes what the others leave: the widths below fit their longest usual values.
  { key: 'name', label: 'Name' },
  { key: 'city', label: 'City', width: 128 },
  { key: 'country', label: 'Country', width: 100 },
  { key: 'maxGuest', label: 'Guests', width: 80, numeric: true },
  { key: 'bedrooms', label: 'Bedrooms', width: 102, numeric: true },
  { key: 'bookingType', label: 'Booking', width: 96 },
  // Wide enough for the "Inactive" badge whole.
  { key: 'active', label: 'Status', width: 108 }
]

function isSortKey(key: ColumnKey): key is SortKey {
  return key !== 'bookingType' && key !== 'active'
}

/**
 * The filtered portfolio as one long table: only the rows in view exist (@tanstack/react-virtual),
 * fetched from main in windows as the range moves, so 10,000 listings scroll as smoothly as 60.
 * A header sorts the whole result in the mirror. Arrow keys, Page Up/Down, Home and End move
 * between listings; Enter opens one.
 */
export const ListingsTable = memo(function ListingsTable({
  view,
  total,
  enabled,
  onSort,
  onOpen,
  initialScroll,
  onLeave,
  focusListingId,
  onFocused
}: {
  view: ListingsView
  /** How many listings match the view; the table is that many rows tall. */
  total: number
  enabled: boolean
  /** A header was clicked: the next order for that column (see nextSort). */
  onSort: (key: SortKey) => void
  onOpen: (id: number) => void
  /** Where the table was scrolled when the person left it. */
  initialScroll: number
  onLeave: (scrollOffset: number) => void
  /** A listing whose row takes focus once drawn (the one the person came back from). */
  focusListingId: number | null
  /** Called once the rows are drawn, with whether that listing's row was there to focus. */
  onFocused: (found: boolean) => void
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialOffset: initialScroll,
    // Rows scrolled to by keyboard land below the sticky header, not under it.
    scrollPaddingStart: HEADER_HEIGHT,
    // Rows have one fixed height: nothing to correct synchronously while scrolling.
    useFlushSync: false
  })
  const items = virtualizer.getVirtualItems()
  const rows = useListingRows(
    view,
    { first: items[0]?.index ?? 0, last: items[items.length - 1]?.index ?? -1 },
    enabled
  )
  const { before, after } = spacers(items, virtualizer.getTotalSize())

  // A new filter or sort starts at the top; coming back to the same view keeps the place.
  const viewKey = JSON.stringify(view)
  const shownKey = useRef(viewKey)
  useEffect(() => {
    if (shownKey.current === viewKey) return
    shownKey.current = viewKey
    virtualizer.scrollToOffset(0)
  }, [viewKey, virtualizer])

  useEffect(() => () => onLeave(virtualizer.scrollOffset ?? 0), [virtualizer, onLeave])

  // Once the rows in view are drawn: focus the listing the person came back from, if in view.
  const drawn = !rows.isPending && items.length > 0
  useEffect(() => {
    if (focusListingId === null || !drawn) return
    const button = scrollRef.current?.querySelector<HTMLButtonElement>(
      `[data-listing-id="${focusListingId}"] button`
    )
    button?.focus({ preventScroll: true })
    onFocused(!!button)
  }, [focusListingId, drawn, onFocused])

  const focusRow = (index: number, tries = 12) => {
    const button = scrollRef.current?.querySelector<HTMLButtonElement>(
      `[aria-rowindex="${index + 2}"] button`
    )
    if (button) button.focus()
    else if (tries > 0) requestAnimationFrame(() => focusRow(index, tries - 1))
  }
  // One handler for every row (rows carry no callbacks, so an unchanged row is not redrawn):
  // keys on a listing's name button move between listings.
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const index = rowIndexOf(e.target)
    if (index === null || !(e.target instanceof HTMLButtonElement)) return
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1)
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: total - 1
    }
    if (!(e.key in moves)) return
    e.preventDefault()
    const target = Math.min(total - 1, Math.max(0, moves[e.key]))
    virtualizer.scrollToIndex(target, { align: 'auto' })
    focusRow(target)
  }
  // A click anywhere on a listing's row (its name button included) opens its page.
  const onClick = (e: MouseEvent<HTMLTableElement>) => {
    const row = (e.target as Element).closest<HTMLElement>('tr[data-listing-id]')
    if (row) onOpen(Number(row.dataset.listingId))
  }

  if (rows.error) {
    return (
      <ErrorAlert
        title="The listings could not be read"
        error={rows.error}
        onRetry={rows.refetch}
      />
    )
  }
  return (
    <div ref={scrollRef} className={classes.scroll} data-testid="listings-scroll">
      <Table
        stickyHeader
        verticalSpacing={8}
        horizontalSpacing="xs"
        aria-label="Listings"
        aria-rowcount={total + 1}
        aria-busy={rows.isPending || rows.stale}
        // The search text of the view the rows answer (the benchmark waits for its own).
        data-search={view.text}
        data-testid="listings-table"
        className={classes.table}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <colgroup>
          {COLUMNS.map((c) => (
            <col key={c.key} style={c.width ? { width: c.width } : undefined} />
          ))}
        </colgroup>
        <Header sort={view.sort} onSort={onSort} />
        <tbody>
          {before > 0 && (
            <tr aria-hidden className={classes.spacer} style={{ height: before }}>
              <td colSpan={COLUMNS.length} />
            </tr>
          )}
          {items.map((item) => {
            const l = rows.row(item.index)
            return l ? (
              <ListingRow key={l.id} l={l} index={item.index} />
            ) : (
              <LoadingRow
                key={`loading-${item.index}`}
                index={item.index}
                columns={COLUMNS.length}
              />
            )
          })}
          {after > 0 && (
            <tr aria-hidden className={classes.spacer} style={{ height: after }}>
              <td colSpan={COLUMNS.length} />
            </tr>
          )}
        </tbody>
      </Table>
    </div>
  )
})

/** The row index (0-based, in the whole result) of the listing row holding `target`. */
function rowIndexOf(target: EventTarget): number | null {
  const row = (target as Element).closest?.('tr[data-listing-id]')
  const n = Number(row?.getAttribute('aria-rowindex'))
  return row && n >= 2 ? n - 2 : null
}

/** The column headers, redrawn only when the sort changes (not on every keystroke). */
const Header = memo(function Header({
  sort,
  onSort
}: {
  sort: ListingsView['sort']
  onSort: (key: SortKey) => void
}) {
  return (
    <Table.Thead>
      <Table.Tr aria-rowindex={1} h={HEADER_HEIGHT}>
        {COLUMNS.map((c) => {
          const dir = sort?.key === c.key ? sort.dir : undefined
          return (
            <Table.Th
              key={c.key}
              ta={c.numeric ? 'right' : undefined}
              aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
            >
              {isSortKey(c.key) ? (
                <UnstyledButton
                  className={classes.sortButton}
                  onClick={() => onSort(c.key as SortKey)}
                  aria-label={`Sort by ${c.label}`}
                >
                  {c.label}
                  <span aria-hidden className={classes.sortMark}>
                    {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                  </span>
                </UnstyledButton>
              ) : (
                c.label
              )}
            </Table.Th>
          )
        })}
      </Table.Tr>
    </Table.Thead>
  )
})
