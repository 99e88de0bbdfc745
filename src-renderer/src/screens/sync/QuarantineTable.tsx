import { Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useVia } from '../../components/DataAgeNote'
import { ErrorAlert } from '../../components/ErrorAlert'
import { formatDateTime, formatNumber } from '../../components/text'
import { useQuery } from '@tanstack/react-query'
import { quarantineQuery } from './queries'
import { RESOURCE_LABEL } from './labels'

/** Records the service sent (on a team profile, through its hub) that StayDesk could not accept. */
export function QuarantineTable() {
  const q = useQuery(quarantineQuery())
  // On a team profile the records come from the service through the team hub.
  const sends =
    useVia() === 'hub'
      ? 'the team hub passes on a record from the service that'
      : 'the service sends a record'
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Quarantined records
        </Title>
        <Text size="sm" c="dimmed" maw={820}>
          When {sends} StayDesk can’t read (a missing or malformed field), the sync keeps going and
          sets that record aside here instead of saving bad data. The rest of the portfolio is
          unaffected. A record leaves quarantine when a later sync receives a valid version; if one
          stays here, report the record id and field to the service.
        </Text>
        {q.isPending ? (
          <Skeleton height={60} />
        ) : q.isError ? (
          <ErrorAlert
            title="Quarantined records could not be read"
            error={q.error}
            onRetry={() => void q.refetch()}
          />
        ) : q.data.length === 0 ? (
          <Text size="sm" data-testid="quarantine-empty">
            Nothing is quarantined: every record received so far was valid.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table
              striped
              verticalSpacing="xs"
              aria-label="Quarantined records"
              data-testid="quarantine-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Resource</Table.Th>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Problem</Table.Th>
                  <Table.Th>First seen</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                  <Table.Th ta="right">Times</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.map((r, i) => (
                  <Table.Tr key={`${r.resource}-${r.recordId ?? ''}-${r.path}-${i}`}>
                    <Table.Td>{RESOURCE_LABEL[r.resource]}</Table.Td>
                    <Table.Td ff="monospace">{r.recordId ?? '—'}</Table.Td>
                    <Table.Td ff="monospace">{r.path || '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="orange">
                        {r.code}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(r.firstSeen)}</Table.Td>
                    <Table.Td>{formatDateTime(r.lastSeen)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(r.count)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  )
}
