import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { modals } from '@mantine/modals'
import { useIsMutating } from '@tanstack/react-query'
import type { SyncStatus, SyncSummary } from '@shared/ipc/views.schema'
import { ErrorAlert } from '../../components/ErrorAlert'
import { ago, formatDateTime, formatNumber } from '../../components/format'
import { notifyError, notifySuccess } from '../../components/notify'
import { useNow } from '../../components/use-now'
import { errorCode } from '../../ipc/client'
import { useSyncCancel, useSyncRun, useSyncStatus } from '../../ipc/hooks'
import { QuarantineTable } from './QuarantineTable'
import { ResourceStatusTable } from './ResourceStatusTable'
import { SyncProgressPanel } from './SyncProgressPanel'
import { RESOURCE_LABEL } from './labels'

function OfflineBanner({ status }: { status: SyncStatus }) {
  const now = useNow()
  const newest = Math.max(0, ...status.resources.map((r) => r.lastSuccessAt ?? 0))
  return (
    <Alert color="orange" variant="light" title="Working offline" data-testid="offline-banner">
      {newest > 0
        ? `The service can't be reached; you are working on the offline copy from ${ago(newest, now)} (${formatDateTime(newest)}).`
        : "The service can't be reached, and there is no offline copy yet."}{' '}
      Everything already synced keeps working. Check the network connection or the profile’s base
      URL, then choose Sync now.
    </Alert>
  )
}

function summaryText(s: SyncSummary): string {
  const parts = s.results.map(
    (r) =>
      `${RESOURCE_LABEL[r.resource]}: ${formatNumber(r.records)} records, ${formatNumber(r.changed)} changed`
  )
  return parts.join(' · ')
}

export function SyncScreen() {
  const status = useSyncStatus()
  const run = useSyncRun()
  const cancel = useSyncCancel()
  // A run started from another screen (e.g. the Listings empty state) counts too.
  const runsHere = useIsMutating({ mutationKey: ['sync-run'] }) > 0
  const running = runsHere || !!status.data?.running

  const start = (full: boolean) =>
    run.mutate(full, {
      onSuccess: (s) =>
        s.errors.length === 0
          ? notifySuccess(full ? 'Full resync finished' : 'Sync finished', summaryText(s))
          : notifyError(
              'Sync finished with problems',
              new Error(
                s.errors.map((e) => `${RESOURCE_LABEL[e.resource]}: ${e.message}`).join(' ')
              )
            ),
      onError: (err) => {
        if (errorCode(err) === 'aborted')
          notifySuccess('Sync cancelled', 'Pages already received are kept.')
        else notifyError(full ? 'Full resync' : 'Sync', err)
      }
    })

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
      onConfirm: () => start(true)
    })

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Sync</Title>
          <Text c="dimmed" size="sm">
            StayDesk keeps an offline copy of this profile’s portfolio and refreshes it from the
            service.
          </Text>
        </div>
        <Group gap="xs">
          {running ? (
            <Button
              color="red"
              variant="light"
              onClick={() => cancel.mutate(undefined, { onError: (e) => notifyError('Cancel', e) })}
              loading={cancel.isPending}
              data-testid="sync-cancel"
            >
              Cancel sync
            </Button>
          ) : null}
          <Button onClick={() => start(false)} disabled={running} data-testid="sync-now">
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

      <SyncProgressPanel running={running} />

      {run.data && !running && (
        <Text size="sm" c="dimmed" data-testid="sync-last-result">
          Last run here finished {formatDateTime(run.data.finishedAt)}: {summaryText(run.data)}
        </Text>
      )}

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
          <ResourceStatusTable resources={status.data.resources} />
        )}
      </Paper>

      <QuarantineTable />
    </Stack>
  )
}
