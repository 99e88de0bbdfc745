import type { KeyboardEvent } from 'react'
import { Anchor, Badge, Table } from '@mantine/core'
import type { ListingSummary } from '@shared/ipc/views.schema'
import { formatNumber } from '../../components/format'
import { bookingTypeLabel } from './view-state'
import classes from './ListingsTable.module.css'

/** Active or inactive in words, the colour only repeating them. */
function StatusBadge({ active }: { active: boolean | null }) {
  if (active === null) return <>—</>
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  )
}

/** One listing's cells in the table; its name is the button that opens its page. */
export function ListingCells({
  l,
  onOpen,
  onKey
}: {
  l: ListingSummary
  onOpen: () => void
  onKey: (e: KeyboardEvent<HTMLButtonElement>) => void
}) {
  return (
    <>
      <Table.Td ta="right" ff="monospace" className={classes.cell}>
        {l.id}
      </Table.Td>
      <Table.Td
        ff="monospace"
        fz={13}
        className={classes.cell}
        title={l.referenceNumber ?? undefined}
      >
        {l.referenceNumber ?? '—'}
      </Table.Td>
      <Table.Td className={classes.cell}>
        <Anchor
          component="button"
          type="button"
          fw={500}
          ta="left"
          className={classes.nameButton}
          title={l.name}
          onClick={(e) => {
            e.stopPropagation()
            onOpen()
          }}
          onKeyDown={onKey}
        >
          {l.name}
        </Anchor>
      </Table.Td>
      <Table.Td
        className={classes.cell}
        title={l.region ? `${l.city ?? ''}, ${l.region}` : undefined}
      >
        {l.city ?? '—'}
      </Table.Td>
      <Table.Td className={classes.cell}>{l.country ?? '—'}</Table.Td>
      <Table.Td ta="right">{formatNumber(l.maxGuest)}</Table.Td>
      <Table.Td ta="right">{formatNumber(l.bedrooms)}</Table.Td>
      <Table.Td className={classes.cell}>{bookingTypeLabel(l.bookingType)}</Table.Td>
      <Table.Td>
        <StatusBadge active={l.active} />
      </Table.Td>
    </>
  )
}
