import { Anchor, Badge, Skeleton, Table, UnstyledButton } from '@mantine/core'
import type { ListingSort, ListingSummary } from '@shared/ipc/views.schema'
import { formatNumber } from '../../components/format'
import classes from './ListingsTable.module.css'

type SortKey = ListingSort['key']

const COLUMNS: { key: SortKey | 'bookingType' | 'active'; label: string; numeric?: boolean }[] = [
  { key: 'id', label: 'ID', numeric: true },
  { key: 'referenceNumber', label: 'Reference' },
  { key: 'name', label: 'Name' },
  { key: 'city', label: 'City' },
  { key: 'country', label: 'Country' },
  { key: 'maxGuest', label: 'Guests', numeric: true },
  { key: 'bedrooms', label: 'Bedrooms', numeric: true },
  { key: 'bookingType', label: 'Booking' },
  { key: 'active', label: 'Status' }
]

/** A header click sorts ascending, then descending, then back to the default order (by id). */
export function nextSort(current: ListingSort | undefined, key: SortKey): ListingSort | undefined {
  if (current?.key !== key) return { key, dir: 'asc' }
  return current.dir === 'asc' ? { key, dir: 'desc' } : undefined
}

export function bookingTypeLabel(t: string | null | undefined): string {
  if (t === 'instant') return 'Instant'
  if (t === 'onRequest') return 'On request'
  return t ?? '—'
}

/**
 * One page of the portfolio. A header sorts the whole result in the mirror (the search takes the
 * order), so page 2 continues where page 1 stopped.
 */
export function ListingsTable({
  items,
  loading,
  pageSize,
  sort,
  onSort,
  onOpen
}: {
  items: ListingSummary[] | undefined
  loading: boolean
  pageSize: number
  sort: ListingSort | undefined
  onSort: (sort: ListingSort | undefined) => void
  onOpen: (id: number) => void
}) {
  const rows = items ?? []
  const toggle = (key: SortKey) => onSort(nextSort(sort, key))

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        striped
        highlightOnHover
        stickyHeader
        verticalSpacing="xs"
        aria-label="Listings"
        data-testid="listings-table"
        aria-busy={loading}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => {
              const sortable = c.key !== 'bookingType' && c.key !== 'active'
              const dir = sort?.key === c.key ? sort.dir : undefined
              return (
                <Table.Th
                  key={c.key}
                  ta={c.numeric ? 'right' : undefined}
                  aria-sort={
                    dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined
                  }
                >
                  {sortable ? (
                    <UnstyledButton
                      className={classes.sortButton}
                      onClick={() => toggle(c.key as SortKey)}
                      aria-label={`Sort by ${c.label}`}
                    >
                      {c.label}
                      <span aria-hidden className={classes.sortMark}>
                        {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                      </span>
                    </UnstyledButton>
                  ) : (
                    c.label
                  )}
                </Table.Th>
              )
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !items
            ? Array.from({ length: Math.min(pageSize, 12) }, (_, i) => (
                <Table.Tr key={i} data-testid="listing-skeleton">
                  {COLUMNS.map((c) => (
                    <Table.Td key={c.key}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((l) => (
                <Table.Tr
                  key={l.id}
                  className={classes.row}
                  onClick={() => onOpen(l.id)}
                  data-testid="listing-row"
                  data-listing-id={l.id}
                >
                  <Table.Td ta="right" ff="monospace">
                    {l.id}
                  </Table.Td>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {l.referenceNumber ?? '—'}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      fw={500}
                      ta="left"
                      onClick={(e) => {
                        e.stopPropagation()
                        onOpen(l.id)
                      }}
                    >
                      {l.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{l.city ?? '—'}</Table.Td>
                  <Table.Td>{l.country ?? '—'}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.maxGuest)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.bedrooms)}</Table.Td>
                  <Table.Td>{bookingTypeLabel(l.bookingType)}</Table.Td>
                  {/* A width of its own, so the table never squeezes the badge to "ACT…". */}
                  <Table.Td miw={96}>
                    {l.active === false ? (
                      <Badge color="gray" variant="light">
                        Inactive
                      </Badge>
                    ) : l.active ? (
                      <Badge color="teal" variant="light">
                        Active
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
