import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core'
import type { Alert, AlertStatus } from '@shared/watch/alert.schema'
import { ALERT_KIND_WORDS } from '@shared/watch/alert-words'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../components/text'
import { changeWords, nightsWords } from './alert-words'

const COLUMNS: ListColumn[] = [
  { label: 'Found', w: 150 },
  { label: 'Alert' },
  { label: 'Listing', w: 220 },
  { label: 'Nights', w: 190 },
  { label: 'Old → new', w: 170 },
  { label: 'Actions', w: 190, hidden: true }
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
      minWidth={1000}
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
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(foundAt(alert))}</Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <Badge variant="light" color={alert.kind === 'double-booking' ? 'red' : 'orange'}>
                  {ALERT_KIND_WORDS[alert.kind]}
                </Badge>
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
                lineClamp={2}
                style={{ overflowWrap: 'anywhere' }}
                title={alert.listingName ?? undefined}
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
              <Group gap={6} wrap="nowrap" justify="flex-end">
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
              </Group>
            </Table.Td>
          </Table.Tr>
        )
      }}
    />
  )
}
