import { Alert, Group, Stack, Text } from '@mantine/core'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import { useNow } from '../../components/use-now'
import { SettleWriteButton } from './SettleWrite'
import { openWriteText } from './write-words'
import { isOpenWrite } from './write-state'

/**
 * The writes on this booking that are still open in the journal: sent, and their outcome unknown
 * or never answered. Shown on the booking page so that what it reads is never taken for the whole
 * story ("cancellation sent at 14:02, outcome unknown"), each with "Mark settled…".
 */
export function OpenWrites({ writes }: { writes: JournalEntry[] }) {
  const now = useNow(60_000)
  const open = writes.filter(isOpenWrite)
  if (open.length === 0) return null
  return (
    <Alert
      color="orange"
      variant="light"
      title={open.length === 1 ? 'A write is not settled' : `${open.length} writes are not settled`}
      role="region"
      data-testid="open-writes"
    >
      <Stack gap={6}>
        {open.map((e) => {
          const text = openWriteText(e, now)
          return (
            <Group key={e.id} gap="sm" justify="space-between" data-testid="open-write">
              <Text size="sm">{text}</Text>
              <SettleWriteButton
                journalId={e.id}
                what={`the ${text.split(',')[0].toLowerCase()}`}
              />
            </Group>
          )
        })}
        <Text size="xs">
          StayDesk never sends a write twice by itself. Read the booking again to see whether it was
          carried out, then mark it settled.
        </Text>
      </Stack>
    </Alert>
  )
}
