import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core'
import type { Alert, AlertStatus } from '@shared/watch/alert.schema'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../components/text'
import { AlertKindBadge } from './AlertKindBadge'
import { changeWords, nightsWords } from './alert-words'

/** The reason gets what the fixed columns leave: it is the sentence a person reads first. */
const COLUMNS: ListColumn[] = [
  { label: 'Alert' },
  { label: 'Listing', w: 200 },
  { label: 'Nights', w: 150 },
  { label: 'Old → new', w: 160 },
  { label: 'Actions', w: 120, hidden: true }
]

export interface AlertActions {
  open: (alert: Alert) => void
  openListing: (id: number) => void
  openBooking: (id: string) => void
  setStatus: (alert: Alert, status: AlertStatus) => void
  /** The alert whose status is being changed: its buttons wait. */
  busyId: number | null
}

/** When the sync saw the change, else when the watch first found it. */
export function foundAt(alert: Alert): number {
  return alert.change?.seenAt ?? alert.firstSeen
}

/**
 * One page of alerts, newest first: the reason in main's words (it opens the alert), the
 * listing and the booking as links, the nights, the values before and after, and the buttons
 * that move it between New, Seen and Dismissed. The kind is a word, never a colour alone.
 */
export function AlertsTable({
  items,
  loading,
  actions
}: {
  items: Alert[] | undefined
  loading: boolean
  actions: AlertActions
}) {
  return (
    <ListTable
      label="Alerts"
      columns={COLUMNS}
      minWidth={900}
      busy={loading}
      testId="alerts-table"
      placeholders={6}
      rows={items}
      row={(alert) => {
        const change = changeWords(alert)
        const busy = actions.busyId === alert.id
        return (
          <Table.Tr
            key={alert.id}
            data-testid="alert-row"
            data-alert-id={alert.id}
            data-kind={alert.kind}
            data-listing-id={alert.listingId}
            data-status={alert.status}
          >
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <Group gap="xs">
                  <AlertKindBadge kind={alert.kind} />
                  <Text size="xs" c="dimmed" data-testid="alert-found">
                    Found {formatDateTime(foundAt(alert))}
                  </Text>
                </Group>
                <Anchor
                  component="button"
                  type="button"
                  ta="left"
                  size="sm"
                  fw={alert.status === 'new' ? 600 : 400}
                  style={{ overflowWrap: 'anywhere' }}
                  onClick={() => actions.open(alert)}
                  data-testid="alert-reason"
                >
                  {alert.reason}
                </Anchor>
                {alert.endedAt != null && (
                  <Text size="xs" c="dimmed" data-testid="alert-ended">
                    Over since {formatDateTime(alert.endedAt)}
                  </Text>
                )}
                {alert.bookingId && (
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    ff="monospace"
                    onClick={() => actions.openBooking(alert.bookingId!)}
                    aria-label={`Open booking ${alert.bookingId}`}
                  >
                    Booking {alert.bookingId}
                  </Anchor>
                )}
              </Stack>
            </Table.Td>
            <Table.Td data-testid="alert-listing">
              <Anchor
                component="button"
                type="button"
                ta="left"
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
                onClick={() => actions.openListing(alert.listingId)}
              >
                {alert.listingName ?? `Listing ${alert.listingId} (no longer in the offline copy)`}
              </Anchor>
              <Text size="xs" c="dimmed" ff="monospace">
                {alert.listingId}
              </Text>
            </Table.Td>
            <Table.Td data-testid="alert-nights">
              <Text size="sm">{nightsWords(alert.nights)}</Text>
            </Table.Td>
            <Table.Td data-testid="alert-change">
              <Text size="sm">{change ?? '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={6} align="stretch">
                {alert.status === 'new' && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={busy}
                    onClick={() => actions.setStatus(alert, 'seen')}
                    aria-label={`Mark seen: ${alert.reason}`}
                  >
                    Mark seen
                  </Button>
                )}
                {alert.status === 'dismissed' ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={busy}
                    onClick={() => actions.setStatus(alert, 'seen')}
                    aria-label={`Restore: ${alert.reason}`}
                  >
                    Restore
                  </Button>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={busy}
                    onClick={() => actions.setStatus(alert, 'dismissed')}
                    aria-label={`Dismiss: ${alert.reason}`}
                  >
                    Dismiss
                  </Button>
                )}
              </Stack>
            </Table.Td>
          </Table.Tr>
        )
      }}
    />
  )
}
