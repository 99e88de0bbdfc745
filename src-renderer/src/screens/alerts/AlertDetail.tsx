import { useEffect, useRef } from 'react'
import {
  Alert as Callout,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title
} from '@mantine/core'
import type { Alert, AlertStatus } from '@shared/watch/alert.schema'
import { useNavigation } from '../../app/navigation'
import { ErrorAlert } from '../../components/ErrorAlert'
import { formatDateTime } from '../../components/text'
import { useNow } from '../../components/use-now'
import { describeError } from '../../ipc/errors'
import {
  alertMonth,
  changeWords,
  checkWords,
  limitWords,
  nightsWords,
  recordedChangeWords,
  STATUS_LABEL
} from './alert-words'
import { AlertKindBadge } from './AlertKindBadge'
import { foundAt } from './AlertsTable'
import { useCheckAlert, useSetAlertStatus } from './queries'

/** A label and its value, as one row of the alert's facts. */
function Fact({
  label,
  children,
  testId
}: {
  label: string
  children: React.ReactNode
  testId?: string
}) {
  return (
    <Table.Tr>
      <Table.Th w={200} scope="row">
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{children}</Table.Td>
    </Table.Tr>
  )
}

/**
 * One alert opened: its reason, the listing, booking and nights, the change as the history
 * recorded it, links to the listing's calendar at the alert's month and to its history, a live
 * check at the service, and the buttons that mark it seen, dismiss or restore it. Opening a new
 * alert marks it seen (new means not yet looked at).
 */
export function AlertDetail({ alert, onBack }: { alert: Alert; onBack: () => void }) {
  const nav = useNavigation()
  const now = useNow()
  const setStatus = useSetAlertStatus()
  const check = useCheckAlert()
  const marked = useRef<number | null>(null)

  useEffect(() => {
    if (alert.status !== 'new' || marked.current === alert.id) return
    marked.current = alert.id
    setStatus.mutate({ ids: [alert.id], status: 'seen' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [alert.id, alert.status])

  const move = (status: AlertStatus) => setStatus.mutate({ ids: [alert.id], status })
  const change = changeWords(alert)
  const limit = limitWords(alert)
  const checked = check.data && check.data.id === alert.id ? checkWords(check.data, now) : null
  const checkFailure = check.error ? describeError(check.error) : null

  return (
    <Stack gap="md" data-testid="alert-detail" data-alert-id={alert.id}>
      <Group>
        <Button variant="subtle" onClick={onBack}>
          ← Back to the alerts
        </Button>
      </Group>
      <div>
        <Group gap="xs" mb={4}>
          <AlertKindBadge kind={alert.kind} />
          <Badge variant="outline" color="gray" data-testid="alert-status">
            {STATUS_LABEL[alert.status]}
          </Badge>
        </Group>
        <Title order={2} data-testid="alert-detail-reason">
          {alert.reason}
        </Title>
      </div>

      <Paper withBorder radius="md">
        <Table aria-label="The alert" verticalSpacing="xs">
          <Table.Tbody>
            <Fact label="Listing" testId="alert-detail-listing">
              <Anchor
                component="button"
                type="button"
                onClick={() => nav.openListing(alert.listingId)}
              >
                {alert.listingName ?? `Listing ${alert.listingId}`}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed" ff="monospace">
                {alert.listingId}
              </Text>
            </Fact>
            {alert.bookingId && (
              <Fact label="Booking" testId="alert-detail-booking">
                <Anchor
                  component="button"
                  type="button"
                  ff="monospace"
                  onClick={() => nav.openBooking(alert.bookingId!)}
                >
                  {alert.bookingId}
                </Anchor>
              </Fact>
            )}
            <Fact label="Nights" testId="alert-detail-nights">
              {nightsWords(alert.nights)}
            </Fact>
            {change && (
              <Fact
                label={
                  alert.kind === 'price-floor' && alert.oldValue === null
                    ? 'Price and floor'
                    : 'Old → new'
                }
                testId="alert-detail-change"
              >
                {change}
              </Fact>
            )}
            {limit && <Fact label="Guardrail">{limit.replace(/^Rule: /, '')}</Fact>}
            {alert.change && (
              <Fact label="As the history recorded it" testId="alert-detail-recorded">
                {recordedChangeWords(alert.kind, alert.change.old, alert.change.new)}, seen by the
                sync of {formatDateTime(alert.change.seenAt)}
              </Fact>
            )}
            {alert.endedAt != null && (
              <Fact label="Over" testId="alert-detail-ended">
                The watch found it over on {formatDateTime(alert.endedAt)}
              </Fact>
            )}
            <Fact label="Found">
              {formatDateTime(foundAt(alert))}
              {alert.lastSeen !== alert.firstSeen
                ? `; still found on ${formatDateTime(alert.lastSeen)}`
                : ''}
            </Fact>
          </Table.Tbody>
        </Table>
      </Paper>

      <Group gap="sm">
        <Button
          variant="default"
          onClick={() => nav.openCalendar(alert.listingId, alertMonth(alert))}
        >
          Open the calendar
        </Button>
        <Button variant="default" onClick={() => nav.openHistory(alert.listingId)}>
          Open the history
        </Button>
        <Button
          onClick={() => check.mutate({ id: alert.id })}
          loading={check.isPending}
          data-testid="alert-check"
        >
          Check now
        </Button>
        {alert.status !== 'dismissed' ? (
          <Button variant="default" loading={setStatus.isPending} onClick={() => move('dismissed')}>
            Dismiss
          </Button>
        ) : (
          <Button variant="default" loading={setStatus.isPending} onClick={() => move('seen')}>
            Restore
          </Button>
        )}
        {alert.status === 'seen' && (
          <Button variant="subtle" loading={setStatus.isPending} onClick={() => move('new')}>
            Mark as new
          </Button>
        )}
      </Group>

      {checked && (
        <Callout
          color={check.data!.unreachable || check.data!.outcome === 'unknown' ? 'yellow' : 'blue'}
          variant="light"
          title={checked.title}
          role="status"
          data-testid="alert-check-outcome"
          data-outcome={check.data!.outcome}
        >
          {checked.text}
        </Callout>
      )}
      {checkFailure &&
        (checkFailure.outage ? (
          <Callout
            color="yellow"
            variant="light"
            title="The service did not answer"
            role="status"
            data-testid="alert-check-outcome"
            data-outcome="unknown"
          >
            {checkFailure.message} The alert stays as the last sync found it.
          </Callout>
        ) : (
          <ErrorAlert title="The check could not be made" error={check.error} />
        ))}
      {setStatus.error && (
        <ErrorAlert title="The alert could not be changed" error={setStatus.error} />
      )}
    </Stack>
  )
}
