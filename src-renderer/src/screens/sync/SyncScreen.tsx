import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { modals } from '@mantine/modals'
import { useQuery } from '@tanstack/react-query'
import type { SyncStatus, SyncSummary } from '@shared/ipc/sync.schema'
import { isUnreachable } from '@shared/errors'
import { syncStatusQuery } from '../../app/queries'
import { useSyncRun, useSyncRunning } from '../../app/sync-run'
import { ErrorAlert } from '../../components/ErrorAlert'
import { agoAt, sourceName, unreachableText, type Via } from '../../components/data-source'
import { formatDateTime } from '../../components/text'
import { notifyError } from '../../components/notify'
import { useNow } from '../../components/use-now'
import { useCommandMutation } from '../../ipc/mutation'
import { syncKey } from '../../ipc/query-keys'
import { QuarantineTable } from './QuarantineTable'
import { ResourceStatusTable } from './ResourceStatusTable'
import { SyncProgressPanel } from './SyncProgressPanel'
import { errorLines, resourceList, summaryText } from './summary'

function OfflineBanner({ status }: { status: SyncStatus }) {
  const now = useNow()
  const via = status.via ?? 'service'
  const newest = Math.max(0, ...status.resources.map((r) => r.lastSuccessAt ?? 0))
  // A team profile's copy is synced from its hub, which whoever runs it may have stopped.
  const check =
    via === 'hub'
      ? 'Check the network connection, or ask whoever runs the team hub, then choose Sync now.'
      : 'Check the network connection or the profile’s base URL, then choose Sync now.'
  return (
    <Alert color="orange" variant="light" title="Working offline" data-testid="offline-banner">
      {newest > 0
        ? `${unreachableText(via, true)}; you are working on the offline copy from ${agoAt(newest, now)}.`
        : `${unreachableText(via, true)}, and there is no offline copy yet.`}{' '}
      Everything already synced keeps working. {check}
    </Alert>
  )
}

/**
 * What the last run started from this window did; never a sentence that ends in a colon. With
 * the offline banner shown, an outage is named, not explained again.
 */
function LastRun({
  summary,
  outageSaid,
  via
}: {
  summary: SyncSummary
  outageSaid: boolean
  via: Via
}) {
  const done = summaryText(summary)
  const away = outageSaid ? summary.errors.filter((e) => isUnreachable(e.code)) : []
  const failed = [
    ...(away.length > 0
      ? [`${resourceList(away.map((e) => e.resource))}: ${sourceName(via)} could not be reached.`]
      : []),
    ...errorLines(
      summary.errors.filter((e) => !away.includes(e)),
      (resources) => resources
    )
  ]
  const when = formatDateTime(summary.finishedAt)
  return (
    <Text size="sm" c="dimmed" data-testid="sync-last-result">
      {done ? `Last run here finished ${when}: ${done}.` : `Last run here finished ${when}.`}
      {failed.length > 0 ? ` Not updated: ${failed.join(' ')}` : ''}
    </Text>
  )
}

export function SyncScreen() {
  const status = useQuery(syncStatusQuery)
  const run = useSyncRun()
  const cancel = useCommandMutation('sync:cancel', { invalidates: [syncKey()] })
  // A run started from another screen (e.g. the Listings empty state) counts too.
  const running = useSyncRunning() || !!status.data?.running
  const offline = !!status.data?.offline
  const via = status.data?.via ?? 'service'

  const confirmFull = () =>
    modals.openConfirmModal({
      title: 'Download everything again?',
      children: (
        <Text size="sm">
          A full resync downloads the whole portfolio, availability and rates again and replaces the
          offline copy. It takes longer than a normal sync; the current copy stays usable until it
          finishes.
        </Text>
      ),
      labels: { confirm: 'Full resync', cancel: 'Cancel' },
      confirmProps: { 'aria-label': 'Start full resync' } as Record<string, string>,
      onConfirm: () => run.start(true)
    })

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Sync</Title>
          <Text c="dimmed" size="sm">
            StayDesk keeps an offline copy of this profile’s portfolio and refreshes it from{' '}
            {sourceName(via)}.
          </Text>
        </div>
        <Group gap="xs">
          {running ? (
            <Button
              color="red"
              variant="light"
              onClick={() => cancel.mutate({}, { onError: (e) => notifyError('Cancel', e) })}
              loading={cancel.isPending}
              data-testid="sync-cancel"
            >
              Cancel sync
            </Button>
          ) : null}
          <Button onClick={() => run.start(false)} disabled={running} data-testid="sync-now">
            Sync now
          </Button>
          <Button
            variant="default"
            onClick={confirmFull}
            disabled={running}
            data-testid="sync-full"
          >
            Full resync
          </Button>
        </Group>
      </Group>

      {status.data?.offline && <OfflineBanner status={status.data} />}

      <SyncProgressPanel running={running} outageSaid={offline} via={via} />

      {run.result && !running && <LastRun summary={run.result} outageSaid={offline} via={via} />}

      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h3" mb="xs">
          Status by resource
        </Title>
        {status.isPending ? (
          <Skeleton height={120} />
        ) : status.isError ? (
          <ErrorAlert
            title="The sync status could not be read"
            error={status.error}
            onRetry={() => void status.refetch()}
          />
        ) : (
          <ResourceStatusTable resources={status.data.resources} outageSaid={offline} />
        )}
      </Paper>

      <QuarantineTable />
    </Stack>
  )
}
