import { useEffect, useRef, type KeyboardEvent } from 'react'
import { Anchor, Button, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useQueries } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { AvailabilitySearchResult, AvailableListing } from '@shared/ipc/pm.schema'
import { formatNumber } from '../../components/format'
import { blocksFor } from '../calendar/timeline-words'
import { RESULTS_WINDOW, resultsWindowQuery } from './queries'
import { bookingTypeLabel, estimateText, nightsText, placeText } from './results-words'
import { nextSort, type SearchInput, type SearchSort } from './search-form'
import classes from './ResultsTable.module.css'

const ROW_HEIGHT = 45
const HEADER_HEIGHT = 41

export interface RowActions {
  onOpen: (id: number) => void
  onQuote: (id: number) => void
  onCalendar: (id: number) => void
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  numeric
}: {
  label: string
  sortKey: SearchSort['key']
  sort: SearchSort
  onSort: (s: SearchSort) => void
  numeric?: boolean
}) {
  const dir = sort.key === sortKey ? sort.dir : undefined
  return (
    <Table.Th
      ta={numeric ? 'right' : undefined}
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
      w={numeric ? 150 : undefined}
    >
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSort(nextSort(sort, sortKey))}
        aria-label={`Sort by ${label}`}
      >
        {label}
        <span aria-hidden className={classes.sortMark}>
          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  )
}

function Row({
  l,
  index,
  actions,
  onKey
}: {
  l: AvailableListing
  index: number
  actions: RowActions
  onKey: (e: KeyboardEvent<HTMLElement>) => void
}) {
  const place = placeText(l.city, l.country)
  return (
    <Table.Tr
      data-testid="availability-result"
      data-listing-id={l.listingId}
      aria-rowindex={index + 2}
      style={{ height: ROW_HEIGHT }}
    >
      <Table.Td className={classes.cell}>
        <Anchor
          component="button"
          type="button"
          fw={500}
          ta="left"
          className={classes.nameButton}
          title={l.name}
          aria-label={`${l.name}: open the listing page`}
          onClick={() => actions.onOpen(l.listingId)}
          onKeyDown={onKey}
        >
          {l.name}
        </Anchor>
      </Table.Td>
      <Table.Td className={classes.cell} title={place}>
        {place}
      </Table.Td>
      <Table.Td ta="right">{formatNumber(l.bedrooms)}</Table.Td>
      <Table.Td ta="right">{formatNumber(l.maxGuest)}</Table.Td>
      <Table.Td className={classes.cell}>{bookingTypeLabel(l.bookingType)}</Table.Td>
      <Table.Td ta="right" className={classes.cell} data-testid="result-estimate">
        {l.estimateCents === null ? (
          <Text span size="xs" c="dimmed" title={estimateText(null)}>
            {estimateText(null)}
          </Text>
        ) : (
          <Text span fw={600} data-cents={l.estimateCents}>
            {estimateText(l.estimateCents)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Quote ${l.name}`}
            onClick={() => actions.onQuote(l.listingId)}
            onKeyDown={onKey}
          >
            Quote
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`Calendar of ${l.name}`}
            onClick={() => actions.onCalendar(l.listingId)}
            onKeyDown={onKey}
          >
            Calendar
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

/** A row whose window of results has not arrived yet (a moment, while scrolling fast). */
function LoadingRow({ index }: { index: number }) {
  return (
    <Table.Tr
      data-testid="availability-result-loading"
      aria-rowindex={index + 2}
      style={{ height: ROW_HEIGHT }}
    >
      <Table.Td colSpan={7}>
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      </Table.Td>
    </Table.Tr>
  )
}

/**
 * Every bookable listing as one long table (a search can find thousands): only the rows in
 * view exist (@tanstack/react-virtual), spacer rows stand for the rest, so the header and the
 * columns stay one real table. The search's answer brings the first window of rows; the others
 * are asked for (RESULTS_WINDOW at a time, in the same order) as the view reaches them. Tab goes through each row's name, Quote and Calendar; Arrow
 * Up/Down moves to the same button of the row above or below.
 */
export function ResultsTable({
  input,
  first,
  sort,
  onSort,
  busy,
  actions
}: {
  input: SearchInput
  /** The search's answer: the count and the first window of rows. */
  first: AvailabilitySearchResult
  sort: SearchSort
  onSort: (s: SearchSort) => void
  busy: boolean
  actions: RowActions
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const total = first.total
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders through its own onChange; this component reads it fresh on every render
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // A few rows beyond the view: each one drawn costs every new search its time.
    overscan: 5,
    scrollPaddingStart: HEADER_HEIGHT,
    useFlushSync: false
  })
  const items = virtualizer.getVirtualItems()
  // The windows the rows in view lie in, beyond the first (which the answer brought).
  const offsets = blocksFor(
    items[0]?.index ?? 0,
    items[items.length - 1]?.index ?? -1,
    RESULTS_WINDOW
  ).filter((offset) => offset >= first.rows.length)
  const windows = useQueries({
    queries: offsets.map((offset) => resultsWindowQuery(input, offset))
  })
  const rowAt = (index: number): AvailableListing | undefined => {
    if (index < first.rows.length) return first.rows[index]
    const w = offsets.indexOf(Math.floor(index / RESULTS_WINDOW) * RESULTS_WINDOW)
    return w < 0 ? undefined : windows[w]?.data?.rows[index % RESULTS_WINDOW]
  }
  const before = items.length > 0 ? items[0].start : 0
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0

  // A new order or search starts at the top. Only a scrolled table is moved: scrolling works
  // out the table's height, a layout of the whole page, which cost every search its time even
  // when the table was already at the top. The offset is the one the virtualizer keeps from
  // scroll events, so checking it reads no layout.
  const top = first.rows[0]?.listingId
  useEffect(() => {
    if ((virtualizer.scrollOffset ?? 0) > 0) virtualizer.scrollToOffset(0)
  }, [sort.key, sort.dir, top, virtualizer])

  const focusCell = (index: number, column: number, tries = 12) => {
    const target = scrollRef.current?.querySelectorAll<HTMLElement>(
      `[aria-rowindex="${index + 2}"] button`
    )[column]
    if (target) target.focus()
    else if (tries > 0) requestAnimationFrame(() => focusCell(index, column, tries - 1))
  }
  const onKey = (index: number) => (e: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1 }
    if (!(e.key in moves)) return
    e.preventDefault()
    const target = Math.min(total - 1, Math.max(0, moves[e.key]))
    const buttons = [...(e.currentTarget.closest('tr')?.querySelectorAll('button') ?? [])]
    virtualizer.scrollToIndex(target, { align: 'auto' })
    focusCell(target, Math.max(0, buttons.indexOf(e.currentTarget as HTMLButtonElement)))
  }

  return (
    <div ref={scrollRef} className={classes.scroll}>
      <Table
        className={classes.table}
        stickyHeader
        highlightOnHover
        verticalSpacing={6}
        horizontalSpacing="xs"
        aria-label="Bookable listings"
        aria-rowcount={total + 1}
        aria-busy={busy}
        data-testid="availability-results"
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />
            <Table.Th w={170}>Place</Table.Th>
            <Table.Th w={90} ta="right">
              Bedrooms
            </Table.Th>
            <Table.Th w={70} ta="right">
              Guests
            </Table.Th>
            <Table.Th w={96}>Booking</Table.Th>
            <SortHeader
              label={`Estimate, ${nightsText(first.nights)}`}
              sortKey="price"
              sort={sort}
              onSort={onSort}
              numeric
            />
            <Table.Th w={164}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && (
            <tr aria-hidden className={classes.spacer}>
              <td colSpan={7} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => {
            const l = rowAt(item.index)
            return l ? (
              <Row
                key={item.key}
                l={l}
                index={item.index}
                actions={actions}
                onKey={onKey(item.index)}
              />
            ) : (
              <LoadingRow key={item.key} index={item.index} />
            )
          })}
          {after > 0 && (
            <tr aria-hidden className={classes.spacer}>
              <td colSpan={7} style={{ height: after }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  )
}
