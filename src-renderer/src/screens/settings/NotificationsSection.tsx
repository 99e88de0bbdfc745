import { Paper, Stack, Switch, Text, Title } from '@mantine/core'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { NOTIFY_KIND_TEXT, NotifyKind } from '@shared/notify/settings.schema'
import { ErrorAlert } from '../../components/ErrorAlert'
import { notifyError } from '../../components/notify'
import { call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { appKey } from '../../ipc/query-keys'

/** App-wide (every profile on this computer): the 'app' family, kept across a profile switch. */
const notifySettingsQuery = queryOptions({
  queryKey: appKey('notify-settings'),
  queryFn: () => call('notify:settings', {})
})

/**
 * Desktop notifications, one switch per kind, every one off until the person switches it on.
 * A switch saves at once; its state is what main answered, so it never shows a setting that
 * was not kept.
 */
export function NotificationsSection() {
  const qc = useQueryClient()
  const settings = useQuery(notifySettingsQuery)
  const set = useCommandMutation('notify:set')
  const kinds = settings.data?.kinds

  const toggle = (kind: NotifyKind, enabled: boolean) =>
    set.mutate(
      { kind, enabled },
      {
        onSuccess: (next) => qc.setQueryData(notifySettingsQuery.queryKey, next),
        onError: (err) => notifyError('Desktop notifications', err)
      }
    )

  return (
    <Stack gap="sm" maw={720} component="section" aria-labelledby="notify-title">
      <Title order={2} id="notify-title">
        Desktop notifications
      </Title>
      <Text size="sm" c="dimmed">
        For every profile on this computer, each kind off until you switch it on. A notification
        names its profile and never shows a guest’s personal data; clicking it opens the booking or
        the alert.
      </Text>
      {settings.data && !settings.data.supported && (
        <Text size="sm" fw={500} data-testid="notify-unsupported">
          This system shows no desktop notifications: the switches are kept, and apply on a system
          that shows them.
        </Text>
      )}
      {settings.isError ? (
        <ErrorAlert
          title="The notification settings could not be read"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="sm" data-testid="notify-switches">
            {NotifyKind.options.map((kind) => (
              <Switch
                key={kind}
                label={NOTIFY_KIND_TEXT[kind].label}
                description={NOTIFY_KIND_TEXT[kind].description}
                checked={kinds?.[kind] ?? false}
                disabled={!kinds || (set.isPending && set.variables?.kind === kind)}
                onChange={(e) => toggle(kind, e.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
