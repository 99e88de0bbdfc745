import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { isOutage, isUnreachable } from '@shared/errors'
import { describeCode } from '../../ipc/errors'
import { useSyncProgress } from '../../ipc/progress-store'
import { RESOURCE_LABEL } from './labels'
import { sourceName, type Via } from '../../components/data-source'
import { progressText } from './summary'

/**
 * Live counts from 'sync:progress', one bar per resource the current run has reached. With
 * `outageSaid` (the screen's offline banner says the service is out of reach) an outage is not
 * repeated under each bar: "Not updated" says enough there.
 */
export function SyncProgressPanel({
  running,
  outageSaid,
  via = 'service'
}: {
  running: boolean
  outageSaid: boolean
  /** Where the sync reads from: a team profile's hub, else the service. */
  via?: Via
}) {
  const progress = useSyncProgress()
  const started = SYNC_RESOURCES.filter((r) => progress[r])
  if (!running && started.length === 0) return null
  return (
    <Paper withBorder p="md" radius="md" data-testid="sync-progress" aria-live="polite">
      <Stack gap="sm">
        <Title order={3}>{running ? 'Sync in progress' : 'Last run'}</Title>
        {started.length === 0 && (
          <>
            <Progress value={100} animated striped aria-label="Sync progress" />
            <Text size="sm" c="dimmed">
              Contacting {sourceName(via)}…
            </Text>
          </>
        )}
        {started.map((r) => {
          const p = progress[r]!
          // A service outage is not StayDesk failing: orange, with what still works.
          const failColor = p.error && isOutage(p.error.code) ? 'orange' : 'red'
          const pct =
            p.state === 'done'
              ? 100
              : p.total
                ? Math.min(100, Math.round((p.recordsDone / p.total) * 100))
                : undefined
          return (
            <Stack key={r} gap={4} data-testid={`sync-progress-${r}`} data-state={p.state}>
              <Group justify="space-between">
                <Text fw={600}>
                  {RESOURCE_LABEL[r]}{' '}
                  <Text span c="dimmed" size="sm">
                    ({p.mode === 'full' ? 'full download' : 'changes only'})
                  </Text>
                </Text>
                <Text size="sm" c={p.state === 'error' ? failColor : 'dimmed'}>
                  {progressText(p)}
                </Text>
              </Group>
              <Progress
                value={pct ?? 100}
                animated={p.state === 'running'}
                striped={p.state === 'running' && pct === undefined}
                color={p.state === 'error' ? failColor : p.state === 'done' ? 'teal' : undefined}
                aria-label={`${RESOURCE_LABEL[r]} sync progress`}
              />
              {p.error && !(outageSaid && isUnreachable(p.error.code)) && (
                <Text size="sm" c={failColor}>
                  {p.error.message} {describeCode(p.error.code).action}
                </Text>
              )}
            </Stack>
          )
        })}
      </Stack>
    </Paper>
  )
}
