import { Code, Group, Modal, Stack, Table, Text, Title } from '@mantine/core'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import { formatDateTime } from '../../components/text'
import {
  ACTION_WORDS,
  answerDelay,
  journalCard,
  OUTCOME_MEANING,
  OUTCOME_WORDS
} from './journal-words'
import { readableJson } from './entry-format'
import { SettleWriteButton } from '../bookings/SettleWrite'
import { settlementText } from '../bookings/write-words'
import { isOpenWrite } from '../bookings/write-state'
import { OutcomeBadge, ProfileCell } from './JournalTable'

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={170} fw={500}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  )
}

function Json({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Code
        block
        data-testid={testId}
        style={{ maxHeight: 280, overflow: 'auto', whiteSpace: 'pre-wrap' }}
        tabIndex={0}
        aria-label={title}
      >
        {readableJson(value)}
      </Code>
    </Stack>
  )
}

/**
 * One write exactly as the journal holds it: who sent it, when, what was sent (a card only as
 * brand and last four digits), and what came back.
 */
export function EntryDetail({
  entry,
  onClose
}: {
  entry: JournalEntry | null
  onClose: () => void
}) {
  const card = entry ? journalCard(entry.sent) : null
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      size="xl"
      title={entry ? `${ACTION_WORDS[entry.action]}: ${OUTCOME_WORDS[entry.outcome]}` : ''}
      closeButtonProps={{ 'aria-label': 'Close write details' }}
    >
      {entry && (
        <Stack gap="md" data-testid="journal-entry-detail">
          <Table verticalSpacing={4} aria-label="The write">
            <Table.Tbody>
              <Field label="Outcome">
                <OutcomeBadge outcome={entry.outcome} />{' '}
                <Text span size="sm">
                  {OUTCOME_MEANING[entry.outcome]}
                </Text>
              </Field>
              {entry.message && <Field label="Message">{entry.message}</Field>}
              {entry.settlement ? (
                <Field label="Settled by hand">
                  <span data-testid="journal-settlement">{settlementText(entry.settlement)}</span>
                </Field>
              ) : (
                isOpenWrite(entry) && (
                  <Field label="Settled by hand">
                    <Group gap="sm">
                      <Text span size="sm">
                        Not yet.
                      </Text>
                      <SettleWriteButton
                        journalId={entry.id}
                        what={`this write (${ACTION_WORDS[entry.action].toLowerCase()})`}
                      />
                    </Group>
                  </Field>
                )
              )}
              {/* On a team profile: who on the team sent it (the hub's journal names everyone). */}
              {entry.user !== undefined && (
                <Field label="Sent by">
                  <span data-testid="journal-sent-by">{entry.user}</span>
                </Field>
              )}
              <Field label="Profile">
                <ProfileCell entry={entry} />
              </Field>
              <Field label="Sent">{formatDateTime(entry.sentAt)}</Field>
              <Field label="Answered">
                {entry.answeredAt === null
                  ? 'No answer recorded'
                  : `${formatDateTime(entry.answeredAt)} (after ${answerDelay(entry)})`}
              </Field>
              {entry.bookingId && <Field label="Booking id">{entry.bookingId}</Field>}
              {entry.ownReference && <Field label="Own reference">{entry.ownReference}</Field>}
              {entry.listingId !== null && <Field label="Listing id">{entry.listingId}</Field>}
              {card && (
                <Field label="Card">
                  <span data-testid="journal-card">{card}</span>
                </Field>
              )}
            </Table.Tbody>
          </Table>
          <Json title="What was sent" value={entry.sent} testId="journal-sent" />
          <Json title="What came back" value={entry.received} testId="journal-received" />
        </Stack>
      )}
    </Modal>
  )
}
