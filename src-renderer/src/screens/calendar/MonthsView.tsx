import { useDeferredValue, useEffect, useMemo, useRef, type KeyboardEvent } from 'react'
import { Button, Group, Stack } from '@mantine/core'
import { useQueries, useQuery } from '@tanstack/react-query'
import { addDays, utcDateOf, type IsoDate } from '@shared/domain/dates'
import { useNavigation } from '../../app/navigation'
import { useScreenState } from '../../app/screen-state'
import { copyAgeTone } from '../../components/data-age'
import { fromCopyText } from '../../components/data-source'
import { useServiceOffline, useVia } from '../../components/DataAgeNote'
import { EmptyState } from '../../components/EmptyState'
import { ErrorAlert } from '../../components/ErrorAlert'
import { formatDate } from '../../components/text'
import { useNow } from '../../components/use-now'
import { GRID_STATE_KEY, NO_GRID, type CalendarPlace, type GridMemory } from './calendar-place'
import { CalendarLegend } from './CalendarLegend'
import { DayDetail } from './DayDetail'
import { coverageText } from './day-words'
import { type PriceRange } from './day-model'
import { gridReduce, keyTarget, selectionRange, type GridAction } from './grid-nav'
import {
  addMonths,
  clampDate,
  firstDayOf,
  firstMonthShowing,
  lastDayOf,
  monthBounds,
  monthLabel,
  monthOf,
  monthsAround,
  monthsBetween,
  monthsDrawn,
  sameDayMonthsOn,
  shownMonths
} from './month-math'
import { MonthGrid } from './MonthGrid'
import { MonthButtons, MonthsShown, Picker, SourceLine } from './MonthsControls'
import { monthQuery, rulesQuery } from './queries'
import { RulesPanel } from './RulesPanel'
import { StayPanel } from './StayPanel'
import { useAfterPaint } from './use-after-paint'
import { useStableCallback } from './use-stable-callback'
import classes from './Calendar.module.css'

/**
 * One listing's rate calendar: a month or two of days with prices, availability and stay
 * rules, moved through month by month (buttons, PageUp/PageDown) or day by day (arrows); a
 * range of nights selected on it priced beside it; the active day's detail and history; the
 * listing's pricing rules. The months either side are read and drawn ahead, out of sight, so a
 * switch to one of them only reveals it (the next ones are drawn after that frame is painted).
 */
export function MonthsView({
  place,
  onPlace
}: {
  place: CalendarPlace
  onPlace: (patch: Partial<CalendarPlace>) => void
}) {
  // Read here, not in the panels: the navigation changes on every month switch, and a panel
  // using it would be redrawn by each one even when memoised.
  const { openQuote, openHistory } = useNavigation()
  const now = useNow(60_000)
  const today = utcDateOf(now)
  const [count, setCount] = useScreenState('calendar.monthsShown', 1)
  const [memory, setMemory] = useScreenState<GridMemory>(GRID_STATE_KEY, NO_GRID)
  const listingId = place.listingId ?? 0
  const chosen = place.listingId !== null
  const requested = place.month ?? monthOf(today)

  // Any month's answer carries the listing's coverage, which bounds the scrolling.
  const probe = useQuery({ ...monthQuery(listingId, requested), enabled: chosen })
  const bounds = monthBounds(probe.data?.coverage ?? null, today)
  const months = shownMonths(requested, count, bounds)
  // Drawn: the months shown, and those shown or either side when the last frame was painted. A
  // switch to a neighbour reveals a grid already laid out; the new neighbours are read and
  // drawn, and the old ones dropped, just after the switch's frame.
  // The first render draws the months shown alone; another listing's months are not kept.
  const around = useAfterPaint(
    chosen ? [listingId, ...monthsAround(months, bounds)].join(' ') : '',
    ''
  ).split(' ')
  const drawn = monthsDrawn(months, around[0] === String(listingId) ? around.slice(1) : [])
  const drawnResults = useQueries({
    queries: drawn.map((m) => ({ ...monthQuery(listingId, m), enabled: chosen }))
  })
  const results = months.map((m) => drawnResults[drawn.indexOf(m)])
  const rules = useQuery({ ...rulesQuery(listingId), enabled: chosen })
  // Whether the service can be reached: the months' data-age line says so, as every other does.
  const offline = useServiceOffline()
  const via = useVia()
  // No stay may arrive inside the listing's advance notice, so no check-in is marked there.
  const firstCheckIn = addDays(today, rules.data?.advanceNoticeDays ?? 0)
  const dayBounds = { min: firstDayOf(bounds.min), max: lastDayOf(bounds.max) }

  const mine = memory.listingId === place.listingId ? memory : NO_GRID
  const inView = (d: IsoDate | null): d is IsoDate => !!d && months.includes(monthOf(d))
  const active = inView(mine.active) ? mine.active : inView(today) ? today : firstDayOf(months[0])
  // One object per selection, not per render: the grids and the stay panel are memoised on it.
  const range = useMemo(() => selectionRange(mine.selection), [mine.selection])

  const first = months[0]
  const last = months[months.length - 1]

  // A key moved the active day: focus follows it, into another month's grid if need be.
  const gridsRef = useRef<HTMLDivElement>(null)
  const focusActive = useRef(false)
  useEffect(() => {
    if (!focusActive.current) return
    // Only a shown grid's cell: a month drawn ahead (out of sight, content-visibility) can hold
    // the same day in a render where the switch has not reached the grids yet, and focusing it
    // does nothing. The request stands until focus has really moved, so the render that shows
    // the month takes it (under load Page Up left no element focused).
    const cell = gridsRef.current?.querySelector<HTMLElement>(
      `[data-testid="calendar-month"] [data-date="${active}"]`
    )
    if (!cell) return
    cell.focus()
    if (document.activeElement === cell) focusActive.current = false
  })

  const dispatch = (action: GridAction) => {
    const next = gridReduce({ active, selection: mine.selection }, action, dayBounds)
    setMemory({ listingId: place.listingId, ...next })
    const firstShown = firstMonthShowing(next.active, first, count)
    if (firstShown !== first) onPlace({ month: firstShown })
  }
  /** Turns the view `n` months; the active day moves with it (or to `to`, e.g. today). */
  const goMonths = (n: number, to?: IsoDate) => {
    const target = shownMonths(addMonths(first, n), count, bounds)[0]
    const moved = clampDate(to ?? sameDayMonthsOn(active, n), dayBounds.min, dayBounds.max)
    setMemory({ listingId: place.listingId, active: moved, selection: mine.selection })
    onPlace({ month: target })
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!(e.target as HTMLElement).matches('[role="gridcell"]')) return
    const to = keyTarget(e.key, active)
    if (to) {
      e.preventDefault()
      focusActive.current = true
      dispatch({ type: 'move', to, extend: e.shiftKey })
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      dispatch({ type: 'anchor' })
    } else if (e.key === 'Escape' && mine.selection) {
      e.preventDefault()
      dispatch({ type: 'clear' })
    }
  }

  const onPick = useStableCallback((date: IsoDate, extend: boolean) =>
    dispatch({ type: 'click', date, extend })
  )
  const onActivate = useStableCallback((date: IsoDate) => {
    if (date !== active)
      setMemory({ listingId: place.listingId, active: date, selection: mine.selection })
  })
  const onClear = useStableCallback(() => dispatch({ type: 'clear' }))
  const move = useStableCallback((to: 'back' | 'on' | 'today') =>
    to === 'today'
      ? goMonths(monthsBetween(first, monthOf(today)), today)
      : goMonths(to === 'back' ? -1 : 1)
  )
  const pick = useStableCallback((id: string | null) =>
    onPlace({ listingId: id ? Number(id) : null, month: null })
  )

  const loaded = results.map((r) => r.data)
  const info = loaded.find((d) => d) ?? probe.data
  // Each month's answer brings its own copy of the year's price range: one object per value,
  // so a month that stays on screen (two shown) is not redrawn for an equal range.
  const priceRange = useSamePriceRange(info?.priceRange?.lowCents, info?.priceRange?.highCents)
  const activeDay = loaded.flatMap((d) => d?.months[0]?.days ?? []).find((d) => d.date === active)
  // The day's detail and its recorded changes (two reads) follow a moment after the grid: a
  // month switch paints the new month first.
  const shownDay = useDeferredValue(activeDay)
  const failed = results.find((r) => r.isError)?.error ?? probe.error
  // Flagged in words and colour when older than a day, or when the service can't be reached.
  const source = info
    ? {
        text: fromCopyText(info.asOf, now, {
          what: 'rates',
          time: true,
          offline,
          opens: true,
          via
        }),
        tone: copyAgeTone(info.asOf, offline, now)
      }
    : null

  const picker = <Picker value={chosen ? String(place.listingId) : null} onChange={pick} />

  if (!chosen) {
    return (
      <Stack gap="md">
        {picker}
        <EmptyState
          testId="calendar-choose"
          title="Choose a listing"
          action={
            <Button variant="default" onClick={() => onPlace({ view: 'timeline' })}>
              Show the timeline
            </Button>
          }
        >
          Its rates, availability and stay rules appear here month by month, from the offline copy.
          The timeline shows the whole portfolio’s availability side by side.
        </EmptyState>
      </Stack>
    )
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        {picker}
        <MonthsShown count={count} onCount={setCount} />
      </Group>

      {source && info && (
        <SourceLine
          text={source.text}
          tone={source.tone}
          coverage={coverageText(info.coverage, formatDate)}
        />
      )}
      {failed && (
        <ErrorAlert
          title="This listing’s calendar could not be read"
          error={failed}
          onRetry={() => results.forEach((r) => void r.refetch())}
        />
      )}

      {/* A CSS grid, not Mantine's Grid: that one writes its responsive spans as a style tag on
          every render, and this view renders on every month switch. */}
      <div className={classes.layout}>
        <div className={classes.mainColumn}>
          <MonthButtons
            canGoBack={first > bounds.min}
            canGoOn={last < bounds.max}
            showsToday={months.includes(monthOf(today))}
            onMove={move}
          />
          <div
            ref={gridsRef}
            role="group"
            className={classes.monthsBox}
            aria-label={`Rate calendar, ${months.map(monthLabel).join(' and ')}: arrow keys move, Shift with arrows selects nights, Enter anchors, Page Up and Page Down change month`}
            onKeyDown={onKeyDown}
          >
            <div className={`${classes.months} ${months.length === 2 ? classes.twoUp : ''}`}>
              {drawn.map((m, i) => (
                <MonthGrid
                  key={m}
                  month={m}
                  shown={months.includes(m)}
                  days={drawnResults[i].data?.months[0]?.days}
                  range={priceRange}
                  today={today}
                  firstCheckIn={firstCheckIn}
                  active={monthOf(active) === m ? active : null}
                  selection={range}
                  onPick={onPick}
                  onActivate={onActivate}
                />
              ))}
            </div>
          </div>
          <CalendarLegend />
        </div>
        <div className={classes.sideColumn}>
          <StayPanel
            listingId={listingId}
            range={range}
            pending={mine.selection?.pending ?? false}
            maxGuest={rules.data?.maxGuest ?? null}
            onClear={onClear}
            onQuote={openQuote}
          />
          {shownDay && (
            <DayDetail
              listingId={listingId}
              day={shownDay}
              range={priceRange}
              today={today}
              firstCheckIn={firstCheckIn}
              onHistory={openHistory}
            />
          )}
          <RulesPanel listingId={listingId} />
        </div>
      </div>
    </Stack>
  )
}

function useSamePriceRange(low: number | undefined, high: number | undefined): PriceRange {
  return useMemo(
    () => (low === undefined || high === undefined ? null : { lowCents: low, highCents: high }),
    [low, high]
  )
}
