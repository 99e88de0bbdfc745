import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject
} from 'react'
import { Button, Text } from '@mantine/core'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { dateRange, sentenceDate } from '@shared/domain/date-words'
import { addDays, type IsoDate } from '@shared/domain/dates'
import { useNavigation } from '../../app/navigation'
import { EmptyState } from '../../components/EmptyState'
import { formatDay, formatNumber } from '../../components/text'
import { monthLabel, monthOf } from './month-math'
import { timelineQuery } from './queries'
import type { DayWidth, TimelineFilter } from './timeline-settings'
import { DatesHeader, daysFrom, TimelineRow, type Row } from './TimelineRow'
import {
  dayChars,
  dayIndexAt,
  letterOf,
  priceRoom,
  timelineBlocks,
  timelineKey
} from './timeline-layout'
import { barsAt, bookingBars } from './timeline-bars'
import { bookedWords, dayLetterWords, nightPriceWords } from './timeline-words'
import classes from './Timeline.module.css'

/** What a day past the service's two-year availability window is, in words. */
const PAST_WINDOW = 'past the availability window the service publishes'

/** Rows per request (calendar:timeline's limit): fetched as the visible range reaches them. */
const BLOCK = 500
const ROW_H = 28
const HEADER_H = 40
/** Rows PageUp/PageDown move. */
const PAGE = 15

/**
 * The portfolio as rows over the same days, virtualised: only the rows in sight (and a margin)
 * exist, and their letters arrive in blocks of 500 as the visible range reaches them. One tab
 * stop; arrows move the active row and day, Enter opens that listing's calendar at that month.
 */
export function TimelineGrid({
  from,
  days,
  dayWidth,
  filter,
  windowLast,
  onOpen,
  onClearFilter
}: {
  from: IsoDate
  days: number
  dayWidth: DayWidth
  filter: TimelineFilter | undefined
  /** The last day the service publishes availability for: later days are past its window. */
  windowLast: IsoDate
  onOpen: (listingId: number, date: IsoDate) => void
  onClearFilter: () => void
}) {
  const nav = useNavigation()
  const scrollRef = useRef<HTMLDivElement>(null)
  const room = useDaysRoom(scrollRef)
  const cellCh = dayChars(dayWidth, days, room.px, room.chPx)
  const prices = priceRoom(cellCh) > 0
  const base = {
    from,
    days,
    limit: BLOCK,
    ...(prices ? { prices: true } : {}),
    ...(filter ? { filter } : {})
  }
  // The first block gives the total; while another span loads, the last total keeps the
  // scroll height (and position) steady, with no rows of the old span in it.
  const head = useQuery({
    ...timelineQuery({ ...base, offset: 0 }),
    placeholderData: (prev) => (prev ? { ...prev, rows: [] } : undefined)
  })
  const total = head.data?.total ?? 0
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders through its own onChange; this component reads it fresh on every render
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    // Rows drawn beyond each edge. Scrolling fast (a screen a frame) replaces every drawn row in
    // each frame, so each one drawn out of sight is work in every frame: 20 measured 5 to 7 of
    // 300 frames longer than 50 ms in `npm run bench -- ui`, 6 measured none.
    overscan: 6,
    scrollMargin: HEADER_H,
    useFlushSync: false
  })
  const items = virtualizer.getVirtualItems()
  const blocks = timelineBlocks(
    items[0]?.index ?? 0,
    items[items.length - 1]?.index ?? -1,
    total,
    BLOCK
  )
  const loaded = useQueries({
    queries: blocks.map((offset) => timelineQuery({ ...base, offset }))
  })
  const rowAt = (index: number): Row | undefined => {
    const b = blocks.indexOf(Math.floor(index / BLOCK) * BLOCK)
    return b < 0 ? undefined : loaded[b]?.data?.rows[index % BLOCK]
  }

  const [focus, setFocus] = useState({ row: 0, day: 0 })
  const row = Math.min(focus.row, Math.max(0, total - 1))
  const day = Math.min(focus.day, days - 1)
  const dates = useMemo(() => daysFrom(from, days), [from, days])
  // The grid is drawn again on every frame of a scroll: its texts are worked out once per span
  // and focus, not per frame (dateRange and formatDay build dates and format them through Intl,
  // a sixth of a fast scroll's script time at 50,000 listings before they were kept).
  const spanText = useMemo(() => dateRange(dates[0], dates[days - 1]), [dates, days])
  const dayText = useMemo(() => formatDay(dates[day]), [dates, day])
  const daysInWindow = useMemo(
    () => dates.filter((d) => d <= windowLast).length,
    [dates, windowLast]
  )

  // A key moved the focus: it follows once the row is rendered (scrollToIndex renders it).
  const pendingFocus = useRef(false)
  useEffect(() => {
    if (!pendingFocus.current) return
    const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-row="${row}"] [tabindex]`)
    if (!cell) return
    pendingFocus.current = false
    cell.focus({ preventScroll: true })
    cell
      .querySelector(`.${classes.marker}`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  })

  const open = (index: number, d: number) => {
    const r = rowAt(index)
    if (r) onOpen(r.listingId, addDays(from, d))
  }

  /** One day of a row in words: its letter, its price (when shown) and who has it booked. */
  const dayAbout = (r: Row | undefined, d: number): string => {
    if (!r) return ''
    if (!inWindow(d)) return PAST_WINDOW
    const l = letterOf(r.days[d] ?? '-')
    const price = r.prices && (l === 'i' || l === 'o') ? `, ${nightPriceWords(r.prices[d])}` : ''
    const booked = bookedWords(barsAt(bookingBars(r.bookings, from, days), d).map((b) => b.booking))
    return `${dayLetterWords(r.days, d)}${price}${booked}`
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).getAttribute('role') !== 'gridcell') return
    const move = timelineKey(e.key, e.ctrlKey, { row, day }, { rows: total, days, page: PAGE })
    if (!move) return
    e.preventDefault()
    if (move === 'open') {
      open(row, day)
      return
    }
    pendingFocus.current = true
    setFocus(move)
    virtualizer.scrollToIndex(move.row, { align: 'auto' })
  }

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const bar = (e.target as HTMLElement).closest<HTMLElement>('[data-booking]')
    if (bar) {
      nav.openBooking(bar.dataset.booking!)
      return
    }
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[role="gridcell"][data-listing]')
    const rowEl = cell?.closest<HTMLElement>('[data-row]')
    if (!cell || !rowEl) return
    const rect = cell.getBoundingClientRect()
    const d = dayIndexAt(e.clientX - rect.left, rect.width, days)
    const index = Number(rowEl.dataset.row)
    setFocus({ row: index, day: d })
    open(index, d)
  }
  // The day under the pointer, in words, as the cell's tooltip: set on the element directly, as
  // the pointer moves, so no row is drawn again for it.
  const onMouseMove = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement
    if (target.closest('[data-booking]')) return
    const cell = target.closest<HTMLElement>('[role="gridcell"][data-listing]')
    const rowEl = cell?.closest<HTMLElement>('[data-row]')
    if (!cell || !rowEl) return
    const d = dayIndexAt(e.clientX - cell.getBoundingClientRect().left, cell.offsetWidth, days)
    const index = Number(rowEl.dataset.row)
    const key = `${index}/${d}/${from}/${days}/${cellCh}`
    if (cell.dataset.tip === key) return
    cell.dataset.tip = key
    cell.title = `${formatDay(dates[d])}: ${dayAbout(rowAt(index), d)}`
  }
  const onFocusIn = (e: FocusEvent<HTMLDivElement>) => {
    const rowEl = (e.target as HTMLElement).closest<HTMLElement>('[data-row]')
    if (rowEl && Number(rowEl.dataset.row) !== row)
      setFocus({ row: Number(rowEl.dataset.row), day })
  }

  // Names stay in sight when the days are scrolled sideways: each row's name is sticky. While
  // the rows scroll up or down with the days at their start, stickiness changes nothing on
  // screen but costs every new row a sticky node: the names are plain then, and sticky again
  // once the scrolling stops or the days move sideways.
  const [atStart, setAtStart] = useState(true)
  const plainNames = virtualizer.isScrolling && atStart
  const rendered = items.some((i) => i.index === row)
  const tabRow = rendered ? row : (items[0]?.index ?? 0)
  const focused = rowAt(row)
  // Days past the window are unknown to the service itself, not missing from the copy.
  const inWindow = (d: number) => dates[d] <= windowLast
  const focusedWords = focused ? dayAbout(focused, day) : ''
  const activeText = `; ${dayText}: ${focused ? focusedWords : inWindow(day) ? dayLetterWords('', day) : PAST_WINDOW}`
  const pastWindow = daysInWindow < days
  const totalText = useMemo(() => formatNumber(total), [total])
  const countText = head.isPending
    ? 'Reading the offline copy…'
    : `${totalText} ${total === 1 ? 'listing' : 'listings'}, by name · ${spanText} · from the offline copy`
  // The same element while its text stands, so React skips it on the frames of a scroll.
  const countLine = useMemo(
    () => (
      <Text size="sm" c="dimmed" data-testid="timeline-count" aria-live="polite">
        {countText}
      </Text>
    ),
    [countText]
  )

  if (head.data && !head.isPlaceholderData && total === 0) {
    return filter ? (
      <EmptyState
        testId="timeline-empty"
        title="No listings match these filters"
        action={
          <Button variant="default" onClick={onClearFilter}>
            Clear filters
          </Button>
        }
      >
        Words match a listing’s name, id or reference; country and city match the start of the
        place’s name.
      </EmptyState>
    ) : (
      <EmptyState
        testId="timeline-empty"
        title="No listings in the offline copy yet"
        action={
          <Button variant="default" onClick={() => nav.go('sync')}>
            Go to Sync
          </Button>
        }
      >
        The timeline draws the portfolio from the offline copy: sync once to download it.
      </EmptyState>
    )
  }

  return (
    <>
      {countLine}
      {pastWindow && (
        <Text size="sm" data-testid="timeline-past-window">
          Days after {sentenceDate(windowLast)} show “?”: they are past the two years the service
          publishes availability for, so no sync can fill them.
        </Text>
      )}
      <div
        ref={scrollRef}
        className={classes.scroll}
        data-testid="timeline-scroll"
        onScroll={(e) => {
          if ((e.currentTarget.scrollLeft === 0) !== atStart) setAtStart(!atStart)
        }}
      >
        <div
          role="grid"
          aria-label={`Timeline of ${totalText} listings`}
          aria-rowcount={total + 1}
          aria-colcount={2}
          className={[
            classes.grid,
            virtualizer.isScrolling && classes.scrolling,
            plainNames && classes.plainNames
          ]
            .filter(Boolean)
            .join(' ')}
          onKeyDown={onKeyDown}
          onClick={onClick}
          onMouseMove={onMouseMove}
          onFocus={onFocusIn}
        >
          <div role="rowgroup" className={classes.head}>
            <div
              role="row"
              aria-rowindex={1}
              className={classes.header}
              style={{ height: HEADER_H }}
            >
              <div role="columnheader" className={classes.corner}>
                Listing
              </div>
              <DatesHeader dates={dates} cellCh={cellCh} />
            </div>
          </div>
          <div
            role="rowgroup"
            className={classes.body}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => (
              <TimelineRow
                key={item.key}
                index={item.index}
                start={item.start - HEADER_H}
                row={rowAt(item.index)}
                from={from}
                days={days}
                cellCh={cellCh}
                markerDay={item.index === row ? day : -1}
                tabbable={item.index === tabRow}
                activeText={item.index === row ? activeText : ''}
                daysInWindow={daysInWindow}
              />
            ))}
          </div>
        </div>
      </div>
      {focused && (
        <Text size="sm" role="status" data-testid="timeline-focus">
          {focused.name}, {dayText}: {focusedWords}. Enter opens its calendar at{' '}
          {monthLabel(monthOf(dates[day]))}
          {focused.bookings.length > 0 ? '; Tab reaches its bookings' : ''}.
        </Text>
      )}
    </>
  )
}

/** The name column's width (Timeline.module.css: --tl-name): the days have the rest. */
const NAME_PX = 260

/**
 * The width the days have in the grid, in pixels, and a monospace character's width (the days'
 * unit, ch), measured as they are rendered and again when the window is resized. The grid's
 * element comes and goes (an empty list shows none): each render checks it is the one observed,
 * a comparison, not a measurement.
 */
function useDaysRoom(scrollRef: RefObject<HTMLDivElement | null>): { px: number; chPx: number } {
  const [room, setRoom] = useState({ px: 0, chPx: 0 })
  const observed = useRef<{ el: HTMLElement; observer: ResizeObserver } | null>(null)
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (observed.current?.el === el) return
    observed.current?.observer.disconnect()
    observed.current = null
    if (!el) return
    const probe = document.createElement('span')
    probe.className = classes.mono
    probe.style.cssText = 'position:absolute;visibility:hidden;top:0;left:0'
    probe.textContent = '0'.repeat(100)
    el.appendChild(probe)
    const chPx = probe.getBoundingClientRect().width / 100
    probe.remove()
    const measure = () => {
      const px = Math.max(0, el.clientWidth - NAME_PX)
      setRoom((r) => (r.px === px && r.chPx === chPx ? r : { px, chPx }))
    }
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    observed.current = { el, observer }
    measure()
  })
  useEffect(() => () => observed.current?.observer.disconnect(), [])
  return room
}
