import { memo } from 'react'
import type { TimelineRows } from '@shared/ipc/calendar.schema'
import { addDays, type IsoDate } from '@shared/domain/dates'
import { formatDate, formatDay } from '../../components/text'
import { mondayColumn } from './month-math'
import { CELL_CH, dayNumbersText, glyphText, pricedGlyphText, rowGradient } from './timeline-layout'
import { bookingBars, type RowBars } from './timeline-bars'
import { barLabel, barShape, barText, compactPrice, rowSummary } from './timeline-words'
import { listingLabel } from '../../components/listing-label'
import classes from './Timeline.module.css'

/**
 * A timeline row: the listing's name (kept in sight while scrolling sideways) and one cell for
 * all its days, drawn as glyphs over a gradient, with each open night's price when the days are
 * wide enough and the kept bookings as bars over their nights; the words for screen readers are
 * hidden text, so the visible glyphs never contradict the cell's name.
 */

export type Row = TimelineRows['rows'][number]

interface Drawing {
  key: string
  /** The glyphs, with each open night's price when the row has them and the days room. */
  glyphs: string
  priced: boolean
  gradient: string
  bars: RowBars
}

/**
 * A row's texts, worked out once per row answer, span and day width: a row scrolled out of
 * sight and back (or drawn again on a scroll's frame) reuses them.
 */
const drawings = new WeakMap<Row, Drawing>()

function drawingOf(row: Row, from: IsoDate, days: number, cellCh: number): Drawing {
  const key = `${from}/${days}/${cellCh}`
  const kept = drawings.get(row)
  if (kept?.key === key) return kept
  const priced = row.prices ? pricedGlyphText(row.days, row.prices, cellCh, compactPrice) : ''
  const d: Drawing = {
    key,
    glyphs: priced || glyphText(row.days, cellCh),
    priced: priced !== '',
    gradient: rowGradient(row.days, cellCh),
    bars: bookingBars(row.bookings, from, days)
  }
  drawings.set(row, d)
  return d
}

interface RowProps {
  index: number
  start: number
  row: Row | undefined
  from: IsoDate
  days: number
  /** Characters a day is wide (timeline-layout.ts: dayChars). */
  cellCh: number
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
  from,
  days,
  cellCh,
  markerDay,
  tabbable,
  activeText,
  daysInWindow
}: RowProps) {
  const drawing = row && drawingOf(row, from, days, cellCh)
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={classes.row}
      style={{ transform: `translateY(${start}px)` }}
      data-row={index}
    >
      {row && drawing ? (
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
            style={{ backgroundImage: drawing.gradient, width: `${days * cellCh}ch` }}
            data-listing={row.listingId}
            data-days={row.days}
          >
            <span
              className={classes.srOnly}
            >{`${listingLabel(row.name, row.listingId)}: ${summaryOf(row.days, daysInWindow)}${activeText}`}</span>
            <span aria-hidden data-glyphs data-prices={drawing.priced || undefined}>
              {drawing.glyphs}
            </span>
            {markerDay >= 0 && (
              <span
                className={classes.marker}
                style={{ left: `${markerDay * cellCh}ch`, width: `${cellCh}ch` }}
                aria-hidden
              />
            )}
            {drawing.bars.bars.map((bar) => (
              <button
                key={bar.booking.id}
                type="button"
                tabIndex={tabbable ? 0 : -1}
                className={classes.bar}
                data-booking={bar.booking.id}
                data-shape={barShape(bar.booking.status)}
                data-cut-start={bar.cutStart || undefined}
                data-cut-end={bar.cutEnd || undefined}
                data-lanes={Math.min(drawing.bars.lanes, 3)}
                data-start={bar.start}
                data-end={bar.end}
                aria-label={barLabel(bar.booking, bar.cutStart, bar.cutEnd)}
                title={barLabel(bar.booking, bar.cutStart, bar.cutEnd)}
                style={{
                  left: `${bar.start * cellCh}ch`,
                  width: `${(bar.end - bar.start) * cellCh}ch`,
                  top: `calc(2px + ${bar.lane} * (100% - 4px) / ${drawing.bars.lanes})`,
                  height: `calc((100% - 4px) / ${drawing.bars.lanes} - 1px)`
                }}
              >
                <span className={classes.barText}>{barText(bar.booking)}</span>
              </button>
            ))}
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
 * at least 12 characters on (4 narrow days), as long as "Nov 30, 2026" is. Closer, the two labels ran
 * into each other ("Nov 3, 2028Nov 6, 2028"); the Monday's names the week, the count line the span.
 */
function firstLabelFits(first: IsoDate, cellCh: number): boolean {
  const untilMonday = (7 - mondayColumn(first)) % 7
  return untilMonday === 0 || untilMonday * cellCh >= 12
}

/** The dates above the rows: each week's first day named, and every day's number. */
export const DatesHeader = memo(function DatesHeader({
  dates,
  cellCh = CELL_CH
}: {
  dates: IsoDate[]
  cellCh?: number
}) {
  return (
    <div
      role="columnheader"
      aria-label={`Days from ${formatDay(dates[0])} to ${formatDay(dates[dates.length - 1])}`}
      className={`${classes.dates} ${classes.mono}`}
      style={{ width: `${dates.length * cellCh}ch` }}
    >
      {dates.map((d, i) =>
        (i === 0 && firstLabelFits(d, cellCh)) || mondayColumn(d) === 0 ? (
          <span
            key={d}
            className={`${classes.week} ${classes.mono}`}
            style={{ left: `${i * cellCh}ch` }}
          >
            <span className={classes.weekText}>{formatDate(d)}</span>
          </span>
        ) : null
      )}
      <span aria-hidden>{dayNumbersText(dates, cellCh)}</span>
    </div>
  )
})

/** The span's days, from `from`: one array per span, so the memoised header keeps it. */
export function daysFrom(from: IsoDate, days: number): IsoDate[] {
  return Array.from({ length: days }, (_, i) => addDays(from, i))
}
