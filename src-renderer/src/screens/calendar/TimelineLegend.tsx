import { DAY_GLYPH, DAY_LETTERS, rowGradient } from './timeline-layout'
import { DAY_LETTER_WORDS } from './timeline-words'
import classes from './Timeline.module.css'

/** "?" also stands for days past the two years the service publishes (the grid says which). */
const UNKNOWN_DAY = 'not in the offline copy, or past the service’s two-year window'

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** Each day's colour with its glyph, as the rows draw them, and what it means. */
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
        Arrow keys move through rows and days; Enter or a click opens that listing’s calendar at
        that month.
      </li>
    </ul>
  )
}
