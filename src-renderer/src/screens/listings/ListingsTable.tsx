import { memo, useCallback, useEffect, useRef, type MouseEvent } from 'react'
import { ErrorAlert } from '../../components/ErrorAlert'
import { useVirtualRows, VirtualTable, type VirtualColumn } from '../../components/VirtualTable'
import { ListingRow, LoadingRow } from './ListingCells'
import { useListingRows } from './use-listing-rows'
import { GLANCE_NOTE_ID } from './glance-words'
import type { ListingsView, SortKey } from './view-state'

const ROW_HEIGHT = 41

type ColumnKey = SortKey | 'bookingType' | 'active'

const COLUMNS: VirtualColumn<ColumnKey>[] = [
  { key: 'id', label: 'ID', width: 74, numeric: true, sortable: true },
  { key: 'referenceNumber', label: 'Reference', width: 118, sortable: true },
  // The name takes what the others leave: the widths below fit their longest usual values.
  { key: 'name', label: 'Name', sortable: true },
  { key: 'city', label: 'City', width: 128, sortable: true },
  { key: 'country', label: 'Country', width: 100, sortable: true },
  { key: 'maxGuest', label: 'Guests', width: 80, numeric: true, sortable: true },
  { key: 'bedrooms', label: 'Bedrooms', width: 102, numeric: true, sortable: true },
  { key: 'bookingType', label: 'Booking', width: 96 },
  // Wide enough for the "Inactive" badge whole.
  { key: 'active', label: 'Status', width: 104 },
  // The figures at a glance (GLANCE_NOTE above the table says what each is).
  { key: 'lowestPrice', label: 'Lowest rate', width: 118, numeric: true, sortable: true },
  { key: 'minStay', label: 'Min. stay', width: 104, numeric: true, sortable: true },
  { key: 'nextArrival', label: 'Next arrival', width: 130, sortable: true }
]

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
      columns={COLUMNS}
      sort={view.sort}
      onSort={onSortColumn}
      busy={rows.isPending || rows.stale}
      testId="listings-table"
      scrollTestId="listings-scroll"
      height="fill"
      minWidth={1180}
      tableProps={{
        onClick,
        // The search text of the view the rows answer (the benchmark waits for its own).
        'data-search': view.text,
        'aria-describedby': GLANCE_NOTE_ID
      }}
      renderRow={(item) => {
        const l = rows.row(item.index)
        return l ? (
          <ListingRow key={l.id} l={l} index={item.index} />
        ) : (
          <LoadingRow key={`loading-${item.index}`} index={item.index} columns={COLUMNS.length} />
        )
      }}
    />
  )
})
