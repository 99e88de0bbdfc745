import { DAY_GLYPH, DAY_LETTERS, NO_RATE_MARK, rowGradient } from './timeline-layout'
import { compactPrice, DAY_LETTER_WORDS, type BarShape } from './timeline-words'
import classes from './Timeline.module.css'

/** "?" also stands for days past the two years the service publishes (the grid says which). */
const UNKNOWN_DAY = 'not in the offline copy, or past the service’s two-year window'

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The bars' shapes and what each says of a booking's status. */
const BAR_WORDS: Record<BarShape, string> = {
  held: 'Solid: confirmed, under way or completed',
  waiting: 'Striped, dashed edge: awaiting payment, the manager’s confirmation or a cancellation',
  other: 'Dotted edge: disputed, or a status StayDesk doesn’t know'
}

/**
 * Each day's colour with its glyph, as the rows draw them, and what it means; the prices and the
 * booking bars, and the keys.
 */
export function TimelineLegend() {
  return (
    <ul className={classes.legend} aria-label="Legend">
      {DAY_LETTERS.map((l) => (
        <li key={l} className={classes.legendItem}>
          <span
            className={`${classes.swatch} ${classes.mono}`}
            style={{ backgroundImage: rowGradient(l) }}
            aria-hidden
          >
            {DAY_GLYPH[l]}
          </span>
          <span>{capital(l === '-' ? UNKNOWN_DAY : DAY_LETTER_WORDS[l])}</span>
        </li>
      ))}
      <li className={classes.legendItem}>
        <span
          className={`${classes.swatch} ${classes.mono}`}
          style={{ backgroundImage: rowGradient('o') }}
          aria-hidden
        >
          {compactPrice(18500)}
        </span>
        <span>
          An open night’s published price, shown when the days are wide enough (Days with prices, or
          a window wide enough for the span);{' '}
          <span className={classes.mono} aria-hidden>
            {NO_RATE_MARK}
          </span>{' '}
          an open night without a published rate
        </span>
      </li>
      {(['held', 'waiting', 'other'] as const).map((shape) => (
        <li key={shape} className={classes.legendItem}>
          <span className={`${classes.bar} ${classes.legendBar}`} data-shape={shape} aria-hidden />
          <span>{BAR_WORDS[shape]}</span>
        </li>
      ))}
      <li className={classes.legendItem}>
        Bars are the bookings kept on this desk, over their nights, with the guest’s name; a square
        end goes on beyond the days shown. Cancelled, declined and expired bookings are not drawn:
        their nights are free again.
      </li>
      <li className={classes.legendItem}>
        Arrow keys move through rows and days; Enter or a click opens that listing’s calendar at
        that month. Tab from a row reaches its bookings; Enter or a click on a bar opens the
        booking.
      </li>
    </ul>
  )
}
