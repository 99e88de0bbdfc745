import { Anchor, Skeleton, Table, Text } from '@mantine/core'
import type { HistoryItem } from '@shared/ipc/pm.schema'
import { formatDateTime } from '../../components/format'
import { listingWords, rowSubject } from './history-words'

const COLUMNS = ['Seen', 'Listing', 'What changed', 'Before', 'After']

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
    <Table.ScrollContainer minWidth={900}>
      <Table
        striped
        verticalSpacing="xs"
        aria-label="Recorded changes"
        aria-busy={loading}
        data-testid="history-table"
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !items
            ? Array.from({ length: 8 }, (_, i) => (
                <Table.Tr key={i}>
                  {COLUMNS.map((c) => (
                    <Table.Td key={c}>
                      <Skeleton height={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : (items ?? []).map((item, i) => (
                <Table.Tr
                  key={`${item.seenAt}-${item.listingId}-${item.kind}-${item.key}-${i}`}
                  data-testid="history-row"
                  data-listing-id={item.listingId}
                  data-kind={item.kind}
                  data-key={item.key}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(item.seenAt)}
                  </Table.Td>
                  <Table.Td maw={260}>
                    {item.listingName ? (
                      <Anchor
                        component="button"
                        type="button"
                        ta="left"
                        fw={500}
                        onClick={() => onOpenListing(item.listingId)}
                      >
                        {item.listingName}
                      </Anchor>
                    ) : (
                      <Text size="sm">{listingWords(item)}</Text>
                    )}
                    <Text size="xs" c="dimmed" ff="monospace">
                      {item.listingId}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="history-subject">
                    {rowSubject(item)}
                  </Table.Td>
                  <Table.Td maw={280} data-testid="history-before">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.before}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={280} data-testid="history-after">
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      <span aria-hidden>→ </span>
                      {item.after}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
