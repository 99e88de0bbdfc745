import { memo, type ReactNode } from 'react'
import { Skeleton } from '@mantine/core'
import type { ListingRow as Row } from '@shared/ipc/listings.schema'
import { formatNumber } from '../../components/text'
import { sameRow } from '../../components/row-window'
import { arrivalText, lowestText, minStayText } from './glance-words'
import type { ColumnKey } from './listing-columns'
import { bookingTypeLabel } from './view-state'
import classes from '../../components/VirtualTable.module.css'

/**
 * The table's rows as plain elements styled by the table's own CSS variables: at 10,000
 * listings a keystroke redraws every visible row, and a Mantine component per cell (props,
 * styles, context) cost more than the search itself. Clicks and keys are handled once, on the
 * table (VirtualTable), so a row's props are its data alone and an unchanged row is skipped.
 */

/** Active or inactive in words, the colour only repeating them (drawn like a light badge). */
function StatusBadge({ active }: { active: boolean | null }) {
  if (active === null) return <>—</>
  return (
    <span className={`${classes.badge} ${active ? classes.badgeTeal : classes.badgeGray}`}>
      {active ? 'Active' : 'Inactive'}
    </span>
  )
}

interface RowProps {
  l: Row
  /** Place in the whole result (0-based); aria-rowindex counts the header as 1. */
  index: number
  /** The columns shown, in order (listing-columns.ts: a narrow table folds some). */
  columns: readonly ColumnKey[]
}

/** Each column's cell of a listing. */
const CELLS: Record<ColumnKey, (l: Row) => ReactNode> = {
  id: (l) => (
    <td key="id" className={`${classes.td} ${classes.cell} ${classes.num} ${classes.mono}`}>
      {l.id}
    </td>
  ),
  referenceNumber: (l) => (
    <td
      key="referenceNumber"
      className={`${classes.td} ${classes.cell} ${classes.mono} ${classes.small}`}
      title={l.referenceNumber ?? undefined}
    >
      {l.referenceNumber ?? '—'}
    </td>
  ),
  name: (l) => (
    <td key="name" className={`${classes.td} ${classes.cell}`}>
      <button type="button" className={`mantine-focus-auto ${classes.nameButton}`} title={l.name}>
        {l.name}
      </button>
    </td>
  ),
  city: (l) => (
    <td
      key="city"
      className={`${classes.td} ${classes.cell}`}
      title={l.region ? `${l.city ?? ''}, ${l.region}` : undefined}
    >
      {l.city ?? '—'}
    </td>
  ),
  country: (l) => (
    <td key="country" className={`${classes.td} ${classes.cell}`}>
      {l.country ?? '—'}
    </td>
  ),
  maxGuest: (l) => (
    <td key="maxGuest" className={`${classes.td} ${classes.num}`}>
      {formatNumber(l.maxGuest)}
    </td>
  ),
  bedrooms: (l) => (
    <td key="bedrooms" className={`${classes.td} ${classes.num}`}>
      {formatNumber(l.bedrooms)}
    </td>
  ),
  bookingType: (l) => (
    <td key="bookingType" className={`${classes.td} ${classes.cell}`}>
      {bookingTypeLabel(l.bookingType)}
    </td>
  ),
  active: (l) => (
    <td key="active" className={classes.td}>
      <StatusBadge active={l.active} />
    </td>
  ),
  lowestPrice: (l) => glanceCell('lowestPrice', lowestText(l.glance), l.glance?.lowestCents),
  minStay: (l) => glanceCell('minStay', minStayText(l.glance), l.glance?.minStayNights),
  nextArrival: (l) => glanceCell('nextArrival', arrivalText(l.glance), l.glance?.nextArrival)
}

/** One listing's row; its name is the button that opens its page. */
export const ListingRow = memo(
  function ListingRow({ l, index, columns }: RowProps) {
    return (
      <tr
        className={`${classes.row} ${classes.clickable}`}
        aria-rowindex={index + 2}
        data-testid="listing-row"
        data-listing-id={l.id}
      >
        {columns.map((c) => CELLS[c](l))}
      </tr>
    )
  },
  // Each answer brings a new glance object: compared by its fields, an unchanged row is skipped.
  (a, b) =>
    a.index === b.index &&
    a.columns === b.columns &&
    sameRow({ ...a.l, glance: undefined }, { ...b.l, glance: undefined }) &&
    sameRow(a.l.glance ?? {}, b.l.glance ?? {})
)

/**
 * A figure at a glance; a missing one is said in dimmed words ("none open", "no rate"). The
 * value (cents, nights, date) is the cell's data-value; numbers align right.
 */
function glanceCell(
  column: ColumnKey,
  text: string,
  value: number | string | null | undefined
): ReactNode {
  const missing = value === null || value === undefined
  const numeric = column !== 'nextArrival'
  return (
    <td
      key={column}
      className={`${classes.td} ${classes.cell} ${numeric ? classes.num : ''}`}
      data-testid={`glance-${column}`}
      data-value={missing ? undefined : value}
    >
      {missing ? <span className={classes.dimmedSmall}>{text}</span> : text}
    </td>
  )
}

/** A row whose window is still on its way: as tall as a row, its cells shimmering. */
export const LoadingRow = memo(function LoadingRow({
  index,
  columns
}: {
  index: number
  columns: number
}) {
  return (
    <tr className={classes.row} aria-rowindex={index + 2} data-testid="listing-skeleton">
      {Array.from({ length: columns }, (_, i) => (
        <td key={i} className={classes.td}>
          <Skeleton height={14} radius="sm" />
        </td>
      ))}
    </tr>
  )
})
