import { List, Text } from '@mantine/core'
import { ENDED_STATUSES } from '@shared/domain/booking-status'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { formatDateTime } from '../../components/text'
import { useVia } from '../../components/DataAgeNote'
import { describeError } from '../../ipc/errors'
import { Field, Fields, Section } from './DetailsSections'
import { instantOf } from './booking-model'
import type { CancellationWords } from './queries'
import {
  cancellationUnknownText,
  noWritesText,
  writeLine,
  writesTitle,
  writesUnreadText
} from './team-words'
import { settlementText } from './write-words'

type Write = Omit<JournalEntry, 'received'> & { received: CancellationWords | null }

const BY: Record<string, string> = { guest: 'the guest', pm: 'the property manager' }

/**
 * The cancellation of a booking the service ended by one: when, by whom, its reason and the
 * message sent to the other party. The service's read does not carry reason and message; the
 * journal holds them for cancellations sent from StayDesk. `unread`: why the journal could not be
 * read (then nothing is claimed about where the cancellation was sent from).
 */
export function CancellationSection({
  kept,
  writes,
  unread = null
}: {
  kept: KeptBooking
  writes: Write[]
  unread?: unknown
}) {
  const via = useVia()
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
          {cancellationUnknownText(via, unread === null)}
        </Text>
      )}
    </Section>
  )
}

/**
 * Every write StayDesk's journal holds on this booking (made, paid, cancelled, refused, unknown),
 * newest first (the Journal screen has each in full): what the page shows is never the whole
 * story. On a team profile the journal is the team hub's, so each line names who sent it. A
 * journal that could not be read (`unread`, the team hub down) is said as such, not as "none".
 */
export function WritesSection({ writes, unread = null }: { writes: Write[]; unread?: unknown }) {
  const via = useVia()
  return (
    <Section title={writesTitle(via)} testId="booking-writes">
      {writes.length === 0 && unread !== null ? (
        <Text size="sm" data-testid="booking-writes-unread">
          {writesUnreadText(via, describeError(unread).message)}
        </Text>
      ) : writes.length === 0 ? (
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
