import { memo, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { ErrorAlert } from '../../components/ErrorAlert'
import { useVirtualRows, VirtualTable } from '../../components/VirtualTable'
import { ListingRow, LoadingRow } from './ListingCells'
import { shownColumns, TABLE_MIN_WIDTH, type ColumnKey } from './listing-columns'
import { useListingRows } from './use-listing-rows'
import { GLANCE_NOTE_ID } from './glance-words'
import type { ListingsView, SortKey } from './view-state'

const ROW_HEIGHT = 41

/**
 * The filtered portfolio as one long table (VirtualTable): only the rows in view exist,
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
  const virtual = useVirtualRows({
    count: total,
    rowHeight: ROW_HEIGHT,
    overscan: 12,
    initialOffset: initialScroll
  })
  const { scrollRef, virtualizer, items } = virtual
  const rows = useListingRows(view, virtual, enabled)

  // The columns that fit the table's width (listing-columns.ts), followed as the window resizes.
  const [width, setWidth] = useState(() => window.innerWidth - 252)
  useEffect(() => {
    const box = scrollRef.current
    if (!box) return
    const observer = new ResizeObserver(() => setWidth(box.clientWidth))
    observer.observe(box)
    return () => observer.disconnect()
  }, [scrollRef])
  const columns = useMemo(() => shownColumns(width), [width])
  const keys = useMemo(() => columns.map((c) => c.key), [columns])

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
  }, [focusListingId, drawn, onFocused, scrollRef])

  // Only the sortable columns' headers are buttons.
  const onSortColumn = useCallback(
    (key: ColumnKey) => {
      if (key !== 'bookingType' && key !== 'active') onSort(key)
    },
    [onSort]
  )
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
    <VirtualTable
      rows={virtual}
      total={total}
      label="Listings"
      columns={columns}
      sort={view.sort}
      onSort={onSortColumn}
      busy={rows.isPending || rows.stale}
      testId="listings-table"
      scrollTestId="listings-scroll"
      height="fill"
      minWidth={TABLE_MIN_WIDTH}
      tableProps={{
        onClick,
        // The search text of the view the rows answer (the benchmark waits for its own).
        'data-search': view.text,
        'aria-describedby': GLANCE_NOTE_ID
      }}
      renderRow={(item) => {
        const l = rows.row(item.index)
        return l ? (
          <ListingRow key={l.id} l={l} index={item.index} columns={keys} />
        ) : (
          <LoadingRow key={`loading-${item.index}`} index={item.index} columns={keys.length} />
        )
      }}
    />
  )
})
