import { memo, type ReactNode } from 'react'
import { PriceBars } from './MonthGrid'
import classes from './Calendar.module.css'

function Item({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <li className={classes.legendItem}>
      {swatch}
      <span>{children}</span>
    </li>
  )
}

/** What the cells' colours, patterns and marks mean, each shown as the grid draws it. */
export const CalendarLegend = memo(function CalendarLegend() {
  return (
    <ul className={classes.legend} aria-label="Legend" style={{ listStyle: 'none', padding: 0 }}>
      <Item
        swatch={
          <span className={`${classes.swatch} ${classes.low}`} aria-hidden>
            <PriceBars level="low" />
          </span>
        }
      >
        Open, low price
      </Item>
      <Item
        swatch={
          <span className={`${classes.swatch} ${classes.mid}`} aria-hidden>
            <PriceBars level="mid" />
          </span>
        }
      >
        Open, mid price
      </Item>
      <Item
        swatch={
          <span className={`${classes.swatch} ${classes.high}`} aria-hidden>
            <PriceBars level="high" />
          </span>
        }
      >
        Open, high price (for this listing’s year)
      </Item>
      <Item swatch={<span className={`${classes.swatch} ${classes.closed}`} aria-hidden />}>
        Closed (hatched)
      </Item>
      <Item swatch={<span className={`${classes.swatch} ${classes.unknown}`} aria-hidden />}>
        Not in the offline copy (dashed)
      </Item>
      <Item
        swatch={
          <span className={classes.swatch} aria-hidden>
            CI
          </span>
        }
      >
        Check-in allowed
      </Item>
      <Item
        swatch={
          <span className={classes.swatch} aria-hidden>
            CO
          </span>
        }
      >
        Check-out allowed
      </Item>
      <Item
        swatch={
          <span className={`${classes.swatch} ${classes.selected}`} aria-hidden>
            ✓
          </span>
        }
      >
        Selected night
      </Item>
    </ul>
  )
})
