import { Badge, Table, Text } from '@mantine/core'
import { isOutage, isUnreachable } from '@shared/errors'
import type { ResourceStatus } from '@shared/ipc/sync.schema'
import { copyAgeTone } from '../../components/data-age'
import { atAgo, withAgeFlags } from '../../components/data-source'
import { DataAgeText } from '../../components/DataAgeNote'
import { formatDateTime, formatNumber, humanDuration } from '../../components/text'
import { useNow } from '../../components/use-now'
import { failureTitle } from '../../ipc/errors'
import { PHASE_LABEL, RESOURCE_LABEL } from './labels'

/**
 * Per resource: when it last synced, how old the copy is, what it holds, what went wrong. With
 * `outageSaid` (the offline banner is up), an outage's last error is named, not explained.
 */
export function ResourceStatusTable({
  resources,
  outageSaid
}: {
  resources: ResourceStatus[]
  outageSaid: boolean
}) {
  const now = useNow()
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table
        verticalSpacing="sm"
        aria-label="Sync status by resource"
        data-testid="sync-status-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Resource</Table.Th>
            <Table.Th>Phase</Table.Th>
            <Table.Th>Last sync</Table.Th>
            <Table.Th>Data age</Table.Th>
            <Table.Th ta="right">Records</Table.Th>
            <Table.Th ta="right">Quarantined</Table.Th>
            <Table.Th>Last error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {resources.map((r) => (
            <Table.Tr key={r.resource} data-testid={`sync-status-${r.resource}`}>
              <Table.Td fw={600}>{RESOURCE_LABEL[r.resource]}</Table.Td>
              {/* Never squeezed by a long error message beside it ("INCREMENTAL UP…"). */}
              <Table.Td miw={190} style={{ whiteSpace: 'nowrap' }}>
                <Badge
                  variant="light"
                  color={r.phase === 'never' ? 'gray' : 'indigo'}
                  style={{ overflow: 'visible' }}
                >
                  {PHASE_LABEL[r.phase]}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDateTime(r.lastSuccessAt)}</Table.Td>
              <Table.Td>
                {/* A copy older than a day stands out in words and colour, as on every other
                    screen; being offline is the banner's to say, once. */}
                <DataAgeText tone={copyAgeTone(r.lastSuccessAt, false, now)} testId="data-age-cell">
                  {r.lastSuccessAt
                    ? withAgeFlags(
                        humanDuration(now - r.lastSuccessAt),
                        r.lastSuccessAt,
                        false,
                        now,
                        'brief'
                      )
                    : '—'}
                </DataAgeText>
              </Table.Td>
              <Table.Td ta="right">{formatNumber(r.records)}</Table.Td>
              <Table.Td ta="right">
                {r.quarantined > 0 ? (
                  <Badge color="orange" variant="light">
                    {formatNumber(r.quarantined)}
                  </Badge>
                ) : (
                  '0'
                )}
              </Table.Td>
              <Table.Td maw={360}>
                {r.lastError ? (
                  <>
                    <Text size="sm" c={isOutage(r.lastError.code) ? 'orange' : 'red'} fw={500}>
                      {failureTitle(r.lastError.code, r.lastError.message)}
                    </Text>
                    {!(outageSaid && isUnreachable(r.lastError.code)) && (
                      <Text size="sm">{r.lastError.message}</Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {atAgo(r.lastError.at, now)}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
