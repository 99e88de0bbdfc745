import { useQuery } from '@tanstack/react-query'
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { modals } from '@mantine/modals'
import type { ConnectionVerdict } from '@shared/profile.schema'
import type { ProfileView } from '@shared/profile.schema'
import { ErrorAlert } from '../../components/ErrorAlert'
import { KindBadge } from '../../components/KindBadge'
import { atAgo, sourceName, type Via } from '../../components/data-source'
import { formatNumber } from '../../components/text'
import { useNow } from '../../components/use-now'
import { syncStatusQuery } from '../../app/queries'
import { notifyError, notifySuccess } from '../../components/notify'
import { useActivateProfile, useClearToken, useDeleteProfile, useTestConnection } from './queries'
import { TokenStatusText } from './TokenStatusText'
import classes from './Profiles.module.css'

/** The confirmations name the profile: a long name wraps inside them, not past their edge. */
const WRAPPED = { classNames: { title: classes.longText, body: classes.longText } }

/**
 * The verdict's heading. "No token" is answered here without a call (no answer, so no latency):
 * nothing was tried, so nothing "failed" (a refused token is an answer, and has a latency).
 */
function verdictTitle(v: ConnectionVerdict): string {
  if (v.ok) return 'Connection works'
  if (v.code === 'unauthorized' && v.latencyMs === undefined) return 'Connection not tested'
  return 'Connection failed'
}

/**
 * A test's answer holds for the moment it was asked: it says when, and a service that StayDesk
 * has since found unreachable (the app's connectivity state, as the header shows it) is said
 * beside a "works" that is no longer true.
 */
function Verdict({
  v,
  testedAt,
  unreachableSince,
  via
}: {
  v: ConnectionVerdict
  testedAt: number
  unreachableSince: boolean
  /** Whom the profile reaches: its team hub, or the service. */
  via: Via
}) {
  const now = useNow()
  return (
    <Alert
      color={v.ok ? 'teal' : 'red'}
      variant="light"
      title={verdictTitle(v)}
      data-testid="connection-verdict"
      data-ok={v.ok}
      role="status"
    >
      <Text size="sm">{v.verdict}</Text>
      {/* Only an answer has a time; a refused connection or a timeout never answered. */}
      {v.latencyMs !== undefined && (
        <Text size="xs" c="dimmed">
          {sourceName(via, true)} answered in {formatNumber(Math.round(v.latencyMs))} ms.
        </Text>
      )}
      <Text size="xs" c="dimmed" data-testid="connection-verdict-age">
        Tested {atAgo(testedAt, now)}.
      </Text>
      {v.ok && unreachableSince && (
        <Text size="sm" fw={500} data-testid="connection-verdict-since">
          Since this test, StayDesk could not reach {sourceName(via)}: it is working from the
          offline copy. Test again to check.
        </Text>
      )}
    </Alert>
  )
}

export function ProfileCard({
  profile,
  onEdit,
  onToken
}: {
  profile: ProfileView
  onEdit: () => void
  onToken: () => void
}) {
  const activate = useActivateProfile()
  const test = useTestConnection()
  const del = useDeleteProfile()
  const clearToken = useClearToken()
  const demo = profile.kind === 'demo'
  const t = profile.token
  // The app's connectivity state is the active profile's: only its card can say "since then".
  const status = useQuery({ ...syncStatusQuery, enabled: profile.active })
  const unreachableSince = profile.active && status.data?.offline === true

  const confirmDelete = () =>
    modals.openConfirmModal({
      ...WRAPPED,
      title: `Delete the profile “${profile.name}”?`,
      children: (
        <Text size="sm">
          StayDesk forgets “{profile.name}”, its token and its offline copy on this computer.
          Nothing changes on the service. This can’t be undone.
        </Text>
      ),
      labels: { confirm: `Delete “${profile.name}”`, cancel: 'Keep it' },
      // A long name wraps on the button instead of being cut to "Delete “NNN…".
      confirmProps: {
        color: 'red',
        h: 'auto',
        mih: 36,
        classNames: { label: classes.buttonLabel }
      },
      onConfirm: () =>
        del.mutate(
          { id: profile.id },
          {
            onSuccess: (r) =>
              notifySuccess(
                'Profile deleted',
                r.leftoverFiles.length > 0
                  ? `Some files could not be removed: ${r.leftoverFiles.join(', ')}`
                  : `“${profile.name}” was removed.`
              ),
            onError: (err) => notifyError('Delete profile', err)
          }
        )
    })

  const confirmClearToken = () =>
    modals.openConfirmModal({
      ...WRAPPED,
      title: `Remove the token of “${profile.name}”?`,
      children: (
        <Text size="sm">Syncing this profile will stop working until a new token is set.</Text>
      ),
      labels: { confirm: 'Remove token', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        clearToken.mutate({ id: profile.id }, { onError: (e) => notifyError('Remove token', e) })
    })

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="profile-card"
      data-profile-id={profile.id}
      data-active={profile.active}
      aria-label={`Profile ${profile.name}`}
      role="region"
      style={
        profile.kind === 'production'
          ? { borderLeft: '6px solid var(--mantine-color-red-7)' }
          : undefined
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} flex={1} className={classes.longText}>
            <Group gap="xs">
              <Title order={2} size="h4" className={classes.longText}>
                {profile.name}
              </Title>
              <KindBadge kind={profile.kind} />
              {profile.active && (
                <Badge color="indigo" variant="filled" data-testid="profile-active-marker">
                  Active
                </Badge>
              )}
            </Group>
            {profile.hubUrl === undefined ? (
              <Text size="sm" c="dimmed" ff="monospace" className={classes.longText}>
                {profile.baseUrl}
              </Text>
            ) : (
              <Text size="sm" className={classes.longText}>
                Through the team hub{' '}
                <Text span c="dimmed" ff="monospace">
                  {profile.hubUrl}
                </Text>
                {profile.hubUser && profile.hubRole ? (
                  <>
                    {' '}
                    · signed in as <b>{profile.hubUser}</b> ({profile.hubRole})
                  </>
                ) : null}
              </Text>
            )}
            <Text size="sm">
              Sales channel <b>{profile.salesChannel}</b>
              {profile.salesBrand ? (
                <>
                  {' '}
                  · brand <b>{profile.salesBrand}</b>
                </>
              ) : null}
            </Text>
          </Stack>
          {!profile.active && (
            <Button
              onClick={() =>
                activate.mutate(
                  { id: profile.id },
                  {
                    onSuccess: (p) =>
                      notifySuccess('Profile switched', `Now working on “${p.name}”.`),
                    onError: (err) => notifyError('Switch profile', err)
                  }
                )
              }
              loading={activate.isPending}
              // A long address beside it takes the room it can; the button keeps its words.
              flex="none"
              color={profile.kind === 'production' ? 'red' : undefined}
              aria-label={`Use this profile: ${profile.name}`}
            >
              Use this profile
            </Button>
          )}
        </Group>

        <TokenStatusText token={t} />
        {t.state === 'needs-reentry' && (
          <Alert color="orange" title="Enter the token again" data-testid="token-reentry">
            <Text size="sm">StayDesk can’t use the saved token, so this profile can’t sync.</Text>
            <Button size="xs" mt="xs" onClick={onToken}>
              Enter token
            </Button>
          </Alert>
        )}
        {t.state === 'missing' && !demo && (
          <Alert color="yellow" title="No token yet">
            <Text size="sm">This profile can’t sync until its token is set.</Text>
            <Button size="xs" mt="xs" onClick={onToken}>
              Set token
            </Button>
          </Alert>
        )}

        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            loading={test.isPending}
            onClick={() => test.mutate({ id: profile.id })}
          >
            Test connection
          </Button>
          {!demo && (
            <>
              <Button variant="default" size="xs" onClick={onToken}>
                {t.state === 'missing' ? 'Set token' : 'Replace token'}
              </Button>
              {t.state !== 'missing' && (
                <Button variant="subtle" color="red" size="xs" onClick={confirmClearToken}>
                  Remove token
                </Button>
              )}
              <Button variant="default" size="xs" onClick={onEdit}>
                Edit
              </Button>
              <Button variant="subtle" color="red" size="xs" onClick={confirmDelete}>
                Delete
              </Button>
            </>
          )}
        </Group>
        {demo && (
          <Text size="xs" c="dimmed">
            The demo profile uses StayDesk’s built-in sample service; it can’t be edited or deleted.
          </Text>
        )}
        {test.data && (
          <Verdict
            v={test.data}
            testedAt={test.submittedAt}
            unreachableSince={unreachableSince}
            via={profile.hubUrl === undefined ? 'service' : 'hub'}
          />
        )}
        {test.isError && (
          <ErrorAlert title="The connection test could not run" error={test.error} />
        )}
      </Stack>
    </Paper>
  )
}
