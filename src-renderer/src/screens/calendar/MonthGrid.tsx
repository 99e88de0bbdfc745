import { memo } from 'react'
import { Skeleton, Title } from '@mantine/core'
import type { CalendarDay } from '@shared/ipc/calendar.schema'
import type { IsoDate } from '@shared/domain/dates'
import { formatDay } from '../../components/text'
import { dayAccessibleName, priceShortText, priceText, stayLimitText } from './day-words'
import { dayMarks, dayState, PRICE_LEVEL_BARS, priceLevel, type PriceRange } from './day-model'
import { isSelected, type StayRange } from './grid-nav'
import { monthLabel, monthWeeks, type Month } from './month-math'
import { useAfterPaint } from './use-after-paint'
import classes from './Calendar.module.css'

/** Monday to Sunday, short and long, in the reader's locale (2024-01-01 was a Monday). */
const WEEKDAYS = Array.from({ length: 7 }, (_, i) => {
  const d = new Date(Date.UTC(2024, 0, 1 + i))
  return {
    short: d.toLocaleDateString(undefined, { weekday: 'short', timeZone: 'UTC' }),
    long: d.toLocaleDateString(undefined, { weekday: 'long', timeZone: 'UTC' })
  }
})

export function PriceBars({ level }: { level: keyof typeof PRICE_LEVEL_BARS }) {
  const n = PRICE_LEVEL_BARS[level]
  return (
    <span className={classes.bars} aria-hidden>
      {[1, 2, 3].map((i) => (
        <span key={i} className={`${classes.bar} ${i > n ? classes.barOff : ''}`} />
      ))}
    </span>
  )
}

/** The word a day that is not open shows where an open day shows its stay limits. */
const STATE_SHORT = { closed: 'Closed', unknown: 'No data', past: 'Past' } as const
const NO_MARKS = { checkIn: false, checkOut: false } as const

interface CellProps {
  day: CalendarDay
  range: PriceRange
  today: IsoDate
  /** The first day a stay may arrive: today plus the listing's advance notice. */
  firstCheckIn: IsoDate
  active: boolean
  selected: boolean
  onPick: (date: IsoDate, extend: boolean) => void
  onActivate: (date: IsoDate) => void
}

/** One day: date, marks, price and stay limits on sight; all of it, in words, for the ear. */
const DayCell = memo(function DayCell({
  day,
  range,
  today,
  firstCheckIn,
  active,
  selected,
  onPick,
  onActivate
}: CellProps) {
  const state = dayState(day, today)
  const level = state === 'open' ? priceLevel(day.priceCents, range) : null
  // A past day offers nothing: no marks, no stay limits, no price from an older copy.
  const past = state === 'past'
  const marks = past ? NO_MARKS : dayMarks(day, firstCheckIn)
  const limits = day.known && !past ? stayLimitText(day.minStay, day.maxStay) : null
  const className = [
    classes.day,
    classes[state],
    level ? classes[level] : '',
    selected ? classes.selected : ''
  ].join(' ')
  return (
    <td
      role="gridcell"
      className={className}
      aria-selected={selected}
      tabIndex={active ? 0 : -1}
      data-date={day.date}
      data-state={state}
      onClick={(e) => onPick(day.date, e.shiftKey)}
      onFocus={() => onActivate(day.date)}
    >
      {/* The name comes from this text (not aria-label), so what is seen stays part of it. */}
      {/* Hidden by a class, not Mantine's VisuallyHidden: a month mounts 42 of these per switch. */}
      <span className={classes.hidden}>
        {dayAccessibleName(day, formatDay(day.date), range, today, firstCheckIn)}
      </span>
      {/* A narrow month (two side by side) shows less in each cell (a container query). */}
      <div aria-hidden>
        <div className={classes.top}>
          <span className={classes.num}>
            {Number(day.date.slice(8, 10))}
            {selected && <span className={classes.tick}> ✓</span>}
          </span>
          <span className={classes.marks}>
            {marks.checkIn && <span className={classes.mark}>CI</span>}
            {marks.checkOut && <span className={classes.mark}>CO</span>}
          </span>
        </div>
        <div className={`${classes.price} ${day.priceCents === null ? classes.noRate : ''}`}>
          {!past && (
            <>
              <span className={classes.fullPrice}>{priceText(day.priceCents)}</span>
              <span className={classes.shortPrice}>{priceShortText(day.priceCents)}</span>
            </>
          )}
        </div>
        <div className={classes.bottom}>
          {state !== 'open' ? (
            <span className={classes.stateWord}>{STATE_SHORT[state]}</span>
          ) : day.date === today ? (
            <span className={classes.stateWord}>Today</span>
          ) : (
            <span className={classes.limits}>{limits ?? ''}</span>
          )}
          {level && <PriceBars level={level} />}
        </div>
      </div>
    </td>
  )
})

export interface MonthGridProps {
  month: Month
  /** On screen; otherwise drawn ahead, out of sight, reach and hearing. */
  shown: boolean
  days: CalendarDay[] | undefined
  range: PriceRange
  today: IsoDate
  /** The first day a stay may arrive (today plus the advance notice): no check-in mark before. */
  firstCheckIn: IsoDate
  /** The active day when it is in this month (null: another month's), so the others skip. */
  active: IsoDate | null
  selection: StayRange | null
  onPick: (date: IsoDate, extend: boolean) => void
  onActivate: (date: IsoDate) => void
}

/**
 * A month as an ARIA grid: weeks as rows, days as cells with aria-selected, one tab stop (the
 * active day; the arrow keys move it, handled by the view around the grids). Memoised on its
 * data and stable callbacks: a month switch to a month drawn ahead changes only whether the
 * grids going out and coming in are shown, and their active day.
 */
export const MonthGrid = memo(function MonthGrid({
  month,
  shown,
  days,
  range,
  today,
  firstCheckIn,
  active,
  selection,
  onPick,
  onActivate
}: MonthGridProps) {
  const headingId = `calendar-month-${month}`
  const byDate = new Map(days?.map((d) => [d.date, d]))
  // A month drawn ahead is laid out, unseen, in the first frame after its days arrive, then
  // skipped (content-visibility), which keeps that layout for the switch that reveals it.
  const laidOut = useAfterPaint<typeof days | null>(days, null) === days
  const place = shown ? '' : laidOut ? classes.ahead : `${classes.ahead} ${classes.drawing}`
  return (
    <div className={`${classes.month} ${place}`} aria-hidden={shown ? undefined : true}>
      <Title order={2} size="h4" id={headingId} mb={4}>
        {monthLabel(month)}
      </Title>
      {!days ? (
        <Skeleton height={6 * 78} radius="sm" />
      ) : (
        <table
          role="grid"
          aria-labelledby={headingId}
          aria-multiselectable
          className={classes.grid}
          data-testid={shown ? 'calendar-month' : undefined}
          data-month={month}
        >
          <thead>
            <tr>
              {WEEKDAYS.map((w) => (
                <th key={w.long} scope="col" abbr={w.long}>
                  {w.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(month).map((week, i) => (
              <tr key={i}>
                {week.map((date, col) => {
                  const day = date ? byDate.get(date) : undefined
                  if (!day) return <td key={col} className={classes.blank} />
                  return (
                    <DayCell
                      key={col}
                      day={day}
                      range={range}
                      today={today}
                      firstCheckIn={firstCheckIn}
                      active={day.date === active}
                      selected={isSelected(day.date, selection)}
                      onPick={onPick}
                      onActivate={onActivate}
                    />
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
})
