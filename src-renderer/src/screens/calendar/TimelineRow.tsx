import { memo } from 'react'
import type { TimelineRows } from '@shared/ipc/calendar.schema'
import { addDays, type IsoDate } from '@shared/domain/dates'
import { formatDate, formatDay } from '../../components/text'
import { mondayColumn } from './month-math'
import { CELL_CH, dayNumbersText, glyphText, rowGradient } from './timeline-layout'
import { rowSummary } from './timeline-words'
import { listingLabel } from '../../components/listing-label'
import classes from './Timeline.module.css'

/**
 * A timeline row: the listing's name (kept in sight while scrolling sideways) and one cell for
 * all its days, drawn as glyphs over a gradient; the words for screen readers are hidden text,
 * so the visible glyphs never contradict the cell's name.
 */

export type Row = TimelineRows['rows'][number]

interface RowProps {
  index: number
  start: number
  row: Row | undefined
  days: number
  /** The active day's column in the focused row, or -1 in every other row. */
  markerDay: number
  tabbable: boolean
  activeText: string
  /** How many of the days lie in the service's availability window (the rest are past it). */
  daysInWindow: number
}

export const TimelineRow = memo(function TimelineRow({
  index,
  start,
  row,
  days,
  markerDay,
  tabbable,
  activeText,
  daysInWindow
}: RowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={classes.row}
      style={{ transform: `translateY(${start}px)` }}
      data-row={index}
    >
      {row ? (
        <>
          <div role="rowheader" className={classes.name}>
            {/* Names repeat across a portfolio: the id beside each tells the rows apart. */}
            <span className={classes.nameText} title={listingLabel(row.name, row.listingId)}>
              {row.name}
            </span>
            <span className={classes.city}>{row.listingId}</span>
            {row.city && (
              <span className={`${classes.city} ${classes.cityName}`} title={row.city}>
                {row.city}
              </span>
            )}
          </div>
          <div
            role="gridcell"
            tabIndex={tabbable ? 0 : -1}
            className={`${classes.days} ${classes.mono}`}
            style={{ backgroundImage: rowGradient(row.days), width: `${days * CELL_CH}ch` }}
            data-listing={row.listingId}
            data-days={row.days}
          >
            <span
              className={classes.srOnly}
            >{`${listingLabel(row.name, row.listingId)}: ${summaryOf(row.days, daysInWindow)}${activeText}`}</span>
            <span aria-hidden data-glyphs>
              {glyphText(row.days)}
            </span>
            {markerDay >= 0 && (
              <span
                className={classes.marker}
                style={{ left: `${markerDay * CELL_CH}ch` }}
                aria-hidden
              />
            )}
          </div>
        </>
      ) : (
        <div role="gridcell" className={classes.loading}>
          Loading…
        </div>
      )}
    </div>
  )
})

/** The row at a glance; days past the availability window are said as such, not as unknown. */
function summaryOf(days: string, inWindow: number): string {
  if (inWindow >= days.length) return rowSummary(days)
  const past = days.length - inWindow
  const pastText = `${past === 1 ? '1 day' : `${past} days`} past the availability window`
  return inWindow > 0 ? `${rowSummary(days.slice(0, inWindow))}, ${pastText}` : pastText
}

/**
 * Whether the span's first day gets its own date label: only when the next Monday's label is
 * at least 4 days (12 characters) on, as long as "Nov 30, 2026" is. Closer, the two labels ran
 * into each other ("Nov 3, 2028Nov 6, 2028"); the Monday's names the week, the count line the span.
 */
function firstLabelFits(first: IsoDate): boolean {
  const untilMonday = (7 - mondayColumn(first)) % 7
  return untilMonday === 0 || untilMonday >= 4
}

/** The dates above the rows: each week's first day named, and every day's number. */
export const DatesHeader = memo(function DatesHeader({ dates }: { dates: IsoDate[] }) {
  return (
    <div
      role="columnheader"
      aria-label={`Days from ${formatDay(dates[0])} to ${formatDay(dates[dates.length - 1])}`}
      className={`${classes.dates} ${classes.mono}`}
      style={{ width: `${dates.length * CELL_CH}ch` }}
    >
      {dates.map((d, i) =>
        (i === 0 && firstLabelFits(d)) || mondayColumn(d) === 0 ? (
          <span
            key={d}
            className={`${classes.week} ${classes.mono}`}
            style={{ left: `${i * CELL_CH}ch` }}
          >
            <span className={classes.weekText}>{formatDate(d)}</span>
          </span>
        ) : null
      )}
      <span aria-hidden>{dayNumbersText(dates)}</span>
    </div>
  )
})

/** The span's days, from `from`: one array per span, so the memoised header keeps it. */
export function daysFrom(from: IsoDate, days: number): IsoDate[] {
  return Array.from({ length: days }, (_, i) => addDays(from, i))
}
