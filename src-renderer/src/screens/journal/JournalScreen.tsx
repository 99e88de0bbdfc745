import { useState } from 'react'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { JournalEntry } from '@shared/ipc/journal.schema'
import { appInfoQuery, profilesQuery } from '../../app/queries'
import { EmptyState } from '../../components/EmptyState'
import { ListPages } from '../../components/ListPages'
import { formatNumber, savedText } from '../../components/text'
import { notifyError, notifySuccess } from '../../components/notify'
import { usePagedFilters } from '../../components/use-paged-filters'
import { ProblemAlert } from '../bookings/ProblemAlert'
import { EntryDetail } from './EntryDetail'
import { JournalFilters } from './JournalFilters'
import { JournalTable } from './JournalTable'
import { fileNameOf } from './entry-format'
import {
  hasJournalFilters,
  journalFilter,
  NO_JOURNAL_FILTERS,
  type JournalFilters as Filters
} from './journal-filters'
import { journalQuery, useExportJournal } from './queries'

const PAGE_SIZE = 25

/**
 * The audit journal: every write StayDesk sent to the service (cancel, create, pay, listing
 * references), with what was sent and what came back, filterable and exportable as CSV.
 */
export function JournalScreen() {
  const profileId = useQuery(appInfoQuery).data?.profile.id
  const profiles = useQuery(profilesQuery).data
  // A team hub profile reads the team's journal at the hub (main decides; this says so).
  const team = profiles?.profiles.some((p) => p.id === profiles.activeId && p.hubUrl) ?? false
  const { filters, deferred, change, page, pager } = usePagedFilters<Filters>(
    'journal',
    NO_JOURNAL_FILTERS,
    PAGE_SIZE
  )
  const [open, setOpen] = useState<JournalEntry | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  // No typing delay: the booking box asks at once, React keeps typing ahead of the table.
  const list = useQuery(
    journalQuery(
      journalFilter(deferred, profileId, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })
    )
  )
  const exporter = useExportJournal()

  const exportCsv = () => {
    setSaved(null)
    exporter.mutate(journalFilter(filters, profileId), {
      onSuccess: (result) => {
        const text = savedText(result, 'write')
        setSaved(text)
        if (text && result.file)
          notifySuccess('Journal exported', `Saved as ${fileNameOf(result.file)}`)
      },
      onError: (e) => notifyError('Export journal', e)
    })
  }

  const total = list.data?.total ?? 0
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1
  const last = Math.min(total, page * PAGE_SIZE)

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Journal</Title>
          <Text size="sm" c="dimmed">
            {team
              ? 'Every write the team sent through its hub, who sent it, and its answer: the team’s shared journal, read from the hub.'
              : 'Every write StayDesk sent to the service from this computer, and its answer. Kept apart from the offline copy: a sync or a full resync never changes it.'}
          </Text>
        </div>
        <Button variant="default" onClick={exportCsv} loading={exporter.isPending}>
          Export CSV
        </Button>
      </Group>

      <JournalFilters value={filters} onChange={change} team={team} />

      <Group justify="space-between">
        {/* A failed read keeps its last page's data: no count above the alert that says so. */}
        {list.data && !list.isError && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="journal-count">
            {total === 0
              ? 'No writes'
              : `Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)}`}
          </Text>
        )}
        {saved && (
          <Text size="sm" role="status" data-testid="journal-saved">
            {saved}
          </Text>
        )}
      </Group>

      {list.isError ? (
        // A team hub out of reach is an outage, said in yellow as such, not an error of StayDesk.
        <ProblemAlert
          context="The journal could not be read"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data && total === 0 ? (
        <EmptyState
          testId="journal-empty"
          title={hasJournalFilters(deferred) ? 'No writes match these filters' : 'No writes yet'}
          action={
            hasJournalFilters(deferred) ? (
              <Button variant="default" onClick={() => change(NO_JOURNAL_FILTERS)}>
                Clear filters
              </Button>
            ) : undefined
          }
        >
          {hasJournalFilters(deferred)
            ? 'Try fewer filters, or a wider date range.'
            : 'Bookings made, cancelled or paid from StayDesk appear here as they are sent, with the service’s answer.'}
        </EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <JournalTable
            items={list.data?.items}
            loading={list.isPending}
            onOpen={setOpen}
            team={team}
          />
        </Paper>
      )}

      <ListPages {...pager} total={total} label="Journal pages" />

      {/* The row as the journal holds it now: a pending write shows its answer once it came. */}
      <EntryDetail
        entry={open && (list.data?.items.find((e) => e.id === open.id) ?? open)}
        onClose={() => setOpen(null)}
      />
    </Stack>
  )
}
