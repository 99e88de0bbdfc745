import { List, Text } from '@mantine/core'
import { ENDED_STATUSES } from '@shared/domain/booking-status'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { formatDateTime } from '../../components/text'
import { useVia } from '../../components/DataAgeNote'
import { Field, Fields, Section } from './DetailsSections'
import { instantOf } from './booking-model'
import type { CancellationWords } from './queries'
import { noWritesText, writeLine, writesTitle } from './team-words'
import { settlementText } from './write-words'

type Write = Omit<JournalEntry, 'received'> & { received: CancellationWords | null }

const BY: Record<string, string> = { guest: 'the guest', pm: 'the property manager' }

/**
 * The cancellation of a booking the service ended by one: when, by whom, its reason and the
 * message sent to the other party. The service's read does not carry reason and message; the
 * journal holds them for cancellations sent from StayDesk.
 */
export function CancellationSection({ kept, writes }: { kept: KeptBooking; writes: Write[] }) {
  const b = kept.booking
  const done = writes.find((w) => w.received !== null)?.received ?? null
  if (!done && !(ENDED_STATUSES.includes(b.status) && b.status.startsWith('cancelled'))) {
    return null
  }
  const at = instantOf(done?.at)
  return (
    <Section title="Cancellation" testId="booking-cancellation">
      {done ? (
        <Fields>
          <Field label="Cancelled on">{at !== null ? formatDateTime(at) : done.at}</Field>
          <Field label="Asked by">{done.by ? (BY[done.by] ?? done.by) : undefined}</Field>
          <Field label="Reason">{done.reason}</Field>
          <Field label="Message to the other party">{done.message}</Field>
        </Fields>
      ) : (
        <Text size="sm" data-testid="cancellation-unknown">
          The service’s read of a booking does not carry the cancellation’s reason and message;
          StayDesk has them only for cancellations sent from here, and this one was not.
        </Text>
      )}
    </Section>
  )
}

/**
 * Every write StayDesk's journal holds on this booking (made, paid, cancelled, refused, unknown),
 * newest first (the Journal screen has each in full): what the page shows is never the whole
 * story. On a team profile the journal is the team hub's, so each line names who sent it.
 */
export function WritesSection({ writes }: { writes: Write[] }) {
  const via = useVia()
  return (
    <Section title={writesTitle(via)} testId="booking-writes">
      {writes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {noWritesText(via)}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {writes.map((w) => (
            <List.Item key={w.id} data-testid="booking-write" data-outcome={w.outcome}>
              {writeLine(w)}
              {w.settlement && (
                <Text size="xs" c="dimmed">
                  {settlementText(w.settlement)}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  )
}
