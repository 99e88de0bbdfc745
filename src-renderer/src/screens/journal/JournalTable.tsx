import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import { PROFILE_KINDS, type ProfileKind } from '@shared/profile.schema'
import { useNavigation } from '../../app/navigation'
import { KindBadge } from '../../components/KindBadge'
import { ListTable, type ListColumn } from '../../components/ListTable'
import { formatDateTime } from '../../components/text'
import {
  ACTION_WORDS,
  answerDelay,
  bookingCell,
  OUTCOME_COLOR,
  OUTCOME_MEANING,
  OUTCOME_WORDS
} from './journal-words'

/** On a team profile every row is the same profile's: who sent it is what tells them apart. */
const columnsOf = (team: boolean): ListColumn[] => [
  ...['Sent', 'Answered', team ? 'Person' : 'Profile', 'Action', 'Booking', 'Outcome'].map(
    (label) => ({ label })
  ),
  { label: 'Details', hidden: true }
]
const COLUMNS = columnsOf(false)
const TEAM_COLUMNS = columnsOf(true)

/** The profile a write was made as; production in red with its name in words, never colour alone. */
export function ProfileCell({ entry }: { entry: JournalEntry }) {
  const kind = (PROFILE_KINDS as readonly string[]).includes(entry.profileKind)
    ? (entry.profileKind as ProfileKind)
    : undefined
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{entry.profileName}</Text>
      {kind ? (
        <KindBadge kind={kind} size="sm" />
      ) : (
        <Badge size="sm" variant="outline" color="gray">
          {entry.profileKind}
        </Badge>
      )}
    </Stack>
  )
}

export function OutcomeBadge({ outcome }: { outcome: JournalEntry['outcome'] }) {
  return (
    <Badge
      color={OUTCOME_COLOR[outcome]}
      variant="light"
      title={OUTCOME_MEANING[outcome]}
      data-outcome={outcome}
      style={{ overflow: 'visible' }}
    >
      {OUTCOME_WORDS[outcome]}
    </Badge>
  )
}

/**
 * One page of the journal, newest first. A row opens its detail (what was sent, what came
 * back); production writes carry the Production badge and a red edge.
 */
export function JournalTable({
  items,
  loading,
  onOpen,
  team = false
}: {
  items: JournalEntry[] | undefined
  loading: boolean
  onOpen: (entry: JournalEntry) => void
  /** The team's journal at a hub: a Person column instead of the profile's. */
  team?: boolean
}) {
  const nav = useNavigation()
  return (
    <ListTable
      label="Journal of writes"
      columns={team ? TEAM_COLUMNS : COLUMNS}
      minWidth={980}
      busy={loading}
      hover
      testId="journal-table"
      rows={items}
      row={(e) => {
        const booking = bookingCell(e)
        const production = e.profileKind === 'production'
        return (
          <Table.Tr
            key={e.id}
            data-testid="journal-row"
            data-entry-id={e.id}
            data-action={e.action}
            data-outcome={e.outcome}
            data-production={production || undefined}
            onClick={() => onOpen(e)}
            style={{
              cursor: 'pointer',
              boxShadow: production ? 'inset 4px 0 0 var(--mantine-color-red-7)' : undefined
            }}
          >
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.sentAt)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {e.answeredAt === null ? (
                <Text size="sm" c="dimmed">
                  No answer
                </Text>
              ) : (
                <>
                  {formatDateTime(e.answeredAt)}
                  <Text size="xs" c="dimmed">
                    after {answerDelay(e)}
                  </Text>
                </>
              )}
            </Table.Td>
            <Table.Td>
              {team ? (
                <Text size="sm" data-testid="journal-person">
                  {e.user}
                </Text>
              ) : (
                <ProfileCell entry={e} />
              )}
            </Table.Td>
            <Table.Td>{ACTION_WORDS[e.action]}</Table.Td>
            <Table.Td>
              {e.bookingId ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ff="monospace"
                  aria-label={`Open booking ${e.bookingId}`}
                  onClick={(ev) => {
                    // The row opens the entry; the id opens its booking.
                    ev.stopPropagation()
                    nav.openBooking(e.bookingId!)
                  }}
                >
                  {booking.primary}
                </Anchor>
              ) : (
                <Text size="sm" ff="monospace">
                  {booking.primary}
                </Text>
              )}
              {booking.secondary && (
                <Text size="xs" c="dimmed" ff="monospace">
                  {booking.secondary}
                </Text>
              )}
            </Table.Td>
            <Table.Td maw={320}>
              <OutcomeBadge outcome={e.outcome} />
              {e.settlement && (
                <Badge
                  color={e.settlement.result === 'done' ? 'teal' : 'gray'}
                  variant="outline"
                  ml={4}
                  data-testid="journal-settled"
                  style={{ overflow: 'visible' }}
                >
                  {e.settlement.result === 'done'
                    ? 'Settled: carried out'
                    : 'Settled: not carried out'}
                </Badge>
              )}
              {e.message && (
                <Text size="xs" c="dimmed" lineClamp={2} mt={2}>
                  {e.message}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={(ev) => {
                  ev.stopPropagation()
                  onOpen(e)
                }}
              >
                Details
              </Button>
            </Table.Td>
          </Table.Tr>
        )
      }}
    />
  )
}
