import { Alert, Badge, Group, Skeleton, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { bookingStatusLabel } from '@shared/domain/booking-status'
import type { CancelPreview } from '@shared/ipc/bookings.schema'
import { ago, formatCents, plural } from '../../components/text'
import { useNow } from '../../components/use-now'
import { tierWords } from './booking-words'
import { ProblemAlert } from './ProblemAlert'
import { cancelPreviewQuery } from './queries'

type By = 'guest' | 'pm'

function daysText(days: number): string {
  if (days > 0) return `Check-in is in ${plural(days, 'day')}.`
  if (days === 0) return 'Check-in is today.'
  return `The stay began ${plural(-days, 'day')} ago.`
}

function Estimate({ preview, by }: { preview: CancelPreview; by: By }) {
  const now = useNow(30_000)
  const guest = preview.guest
  const chosen = (who: By) =>
    who === by ? (
      <Badge size="xs" variant="outline" color="gray" ml={4}>
        chosen
      </Badge>
    ) : null
  return (
    <div data-testid="refund-estimate">
      <Group gap="xs" mb={4}>
        <Text fw={600} size="sm" id="refund-estimate-title">
          Refund estimate
        </Text>
        <Badge size="sm" variant="light" color="gray">
          Estimate
        </Badge>
      </Group>
      <Text size="sm" data-testid="refund-tier">
        {preview.policyName ? `${preview.policyName} policy: ` : ''}
        {tierWords(preview.tier)}. {daysText(preview.daysBeforeCheckIn)}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        From the booking as read {ago(preview.basedOn, now)}. The service decides the refund; a
        property manager’s cancellation gives back everything paid.
      </Text>
      {preview.pm.lines.length === 0 ? (
        <Text size="sm">Nothing has been paid: a cancellation refunds nothing.</Text>
      ) : (
        <Table verticalSpacing={4} aria-labelledby="refund-estimate-title" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Instalment</Table.Th>
              <Table.Th ta="right">Paid</Table.Th>
              <Table.Th ta="right">
                Guest cancels{guest ? ` (${guest.percent}%)` : ''}
                {chosen('guest')}
              </Table.Th>
              <Table.Th ta="right">
                Property manager cancels ({preview.pm.percent}%){chosen('pm')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.pm.lines.map((line, n) => (
              <Table.Tr key={`${line.name}-${n}`} data-testid="refund-line" data-name={line.name}>
                <Table.Td>{line.name}</Table.Td>
                <Table.Td ta="right">{formatCents(line.paidCents)}</Table.Td>
                <Table.Td ta="right" data-testid="refund-guest">
                  {guest ? formatCents(guest.lines[n]?.refundCents) : 'not known'}
                </Table.Td>
                <Table.Td ta="right" data-testid="refund-pm">
                  {formatCents(line.refundCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr data-testid="refund-total">
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right">{formatCents(preview.pm.paidCents)}</Table.Th>
              <Table.Th ta="right" data-testid="refund-guest">
                {guest ? formatCents(guest.refundCents) : 'not known'}
              </Table.Th>
              <Table.Th ta="right" data-testid="refund-pm">
                {formatCents(preview.pm.refundCents)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </div>
  )
}

/**
 * Before a cancellation is sent: what the guest would get back under the tier that applies now
 * and what a property manager's cancellation gives back, side by side, per paid instalment.
 */
export function RefundEstimate({ bookingId, by }: { bookingId: string; by: By }) {
  const preview = useQuery(cancelPreviewQuery(bookingId))
  if (preview.isError) {
    return (
      <ProblemAlert
        context="The refund estimate could not be made"
        error={preview.error}
        onRetry={() => void preview.refetch()}
      >
        <Text size="sm" mt={4}>
          You can still send the cancellation: the service decides the refund.
        </Text>
      </ProblemAlert>
    )
  }
  if (!preview.data) return <Skeleton height={110} radius="sm" />
  return (
    <>
      {preview.data.likelyRefused && (
        <Alert
          color="yellow"
          variant="light"
          title="The service will most likely refuse this"
          data-testid="likely-refused"
        >
          This booking is already “{bookingStatusLabel(preview.data.status)}”. You can still send
          the cancellation: the service decides, and its answer shows here.
        </Alert>
      )}
      <Estimate preview={preview.data} by={by} />
    </>
  )
}
