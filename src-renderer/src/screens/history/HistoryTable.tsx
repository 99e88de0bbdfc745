import { Anchor, Table, Text } from '@mantine/core'
import type { HistoryItem } from '@shared/ipc/history.schema'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../components/text'
import { listingWords, rowSubject } from './history-words'

/** Fixed widths for the short columns, so the listing's name gets the rest and wraps less. */
const COLUMNS: ListColumn[] = [
  { label: 'Seen', w: 180 },
  { label: 'Listing' },
  { label: 'What changed', w: 190 },
  { label: 'Before', w: 190 },
  { label: 'After', w: 190 }
]

/**
 * One page of recorded changes, newest first. Before and after sit in columns of their own,
 * in words, with an arrow between them: the change reads without any colour.
 */
export function HistoryTable({
  items,
  loading,
  onOpenListing
}: {
  items: HistoryItem[] | undefined
  loading: boolean
  onOpenListing: (id: number) => void
}) {
  return (
    <ListTable
      label="Recorded changes"
      columns={COLUMNS}
      minWidth={900}
      busy={loading}
      testId="history-table"
      placeholders={8}
      rows={items}
      row={(item, i) => (
        <Table.Tr
          key={`${item.seenAt}-${item.listingId}-${item.kind}-${item.key}-${i}`}
          data-testid="history-row"
          data-listing-id={item.listingId}
          data-kind={item.kind}
          data-key={item.key}
        >
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.seenAt)}</Table.Td>
          <Table.Td>
            {item.listingName ? (
              <Anchor
                component="button"
                type="button"
                ta="left"
                fw={500}
                // A name can be one long word: it wraps inside its column, cut after
                // two lines (whole on hover and to screen readers).
                style={{ overflowWrap: 'anywhere' }}
                lineClamp={2}
                title={item.listingName}
                onClick={() => onOpenListing(item.listingId)}
              >
                {item.listingName}
              </Anchor>
            ) : (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {listingWords(item)}
              </Text>
            )}
            <Text size="xs" c="dimmed" ff="monospace">
              {item.listingId}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="history-subject">
            {rowSubject(item)}
          </Table.Td>
          <Table.Td data-testid="history-before">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.before}
            </Text>
          </Table.Td>
          <Table.Td data-testid="history-after">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              <span aria-hidden>→ </span>
              {item.after}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    />
  )
}
