import { memo } from 'react'
import {
  ActionIcon,
  Badge,
  Box,
  Burger,
  Button,
  Group,
  Kbd,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme
} from '@mantine/core'
import type { AppInfo } from '@shared/ipc/app.schema'
import { KindBadge } from '../components/KindBadge'
import { unreachableText } from '../components/data-source'
import { useQuery } from '@tanstack/react-query'
import { palette } from './palette-store'
import { syncStatusQuery } from './queries'
import { useNavigationActions } from './navigation'

const MOD = /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl'

/**
 * The active profile sits in the middle of the header on every screen; on production the whole
 * band turns red so nobody mistakes live data for a test account.
 */
export const HeaderBar = memo(function HeaderBar({
  profile,
  navOpened,
  onToggleNav
}: {
  profile: AppInfo['profile']
  navOpened: boolean
  onToggleNav: () => void
}) {
  const production = profile.kind === 'production'
  const nav = useNavigationActions()
  const status = useQuery(syncStatusQuery)
  const { setColorScheme } = useMantineColorScheme()
  const scheme = useComputedColorScheme('light')
  const next = scheme === 'dark' ? 'light' : 'dark'
  const onBand = production ? 'white' : undefined

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" c={onBand}>
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          color={onBand}
          aria-label={navOpened ? 'Hide navigation' : 'Show navigation'}
        />
        <Text fw={800} size="lg" aria-hidden>
          StayDesk
        </Text>
      </Group>

      <Group
        gap="xs"
        wrap="nowrap"
        data-testid="active-profile"
        data-profile-kind={profile.kind}
        aria-label={`Active profile: ${profile.name} (${profile.kind})`}
        role="status"
      >
        <Text
          size="xs"
          tt="uppercase"
          fw={600}
          c={production ? 'white' : 'dimmed'}
          visibleFrom="xs"
        >
          Profile
        </Text>
        <Text fw={700} truncate maw={260} data-testid="active-profile-name">
          {profile.name}
        </Text>
        <KindBadge
          kind={profile.kind}
          size="lg"
          variant={production ? 'white' : undefined}
          // Red text on the white badge: the darkest red, so it reads at AA contrast.
          color={production ? 'red.9' : undefined}
          data-testid="active-profile-kind"
        />
      </Group>

      <Group gap="xs" wrap="nowrap">
        {status.data?.offline && (
          <Tooltip
            label={`${unreachableText(status.data.via, true)}; StayDesk is using the offline copy`}
          >
            <Badge
              color={production ? 'gray.9' : 'yellow'}
              variant={production ? 'white' : 'filled'}
              data-testid="offline-indicator"
              component="button"
              onClick={() => nav.go('sync')}
              style={{ cursor: 'pointer' }}
            >
              Offline
            </Badge>
          </Tooltip>
        )}
        <Button
          variant={production ? 'white' : 'default'}
          color={production ? 'red.9' : undefined}
          size="xs"
          onClick={() => palette.open()}
          rightSection={
            <Box visibleFrom="sm">
              <Kbd size="xs">{MOD}</Kbd> <Kbd size="xs">K</Kbd>
            </Box>
          }
        >
          Search
        </Button>
        <Tooltip label={`Switch to ${next} theme`}>
          <ActionIcon
            variant={production ? 'white' : 'default'}
            color={production ? 'red.9' : undefined}
            size="lg"
            onClick={() => setColorScheme(next)}
            aria-label={`Switch to ${next} theme`}
            data-testid="color-scheme-toggle"
          >
            <span aria-hidden>{scheme === 'dark' ? '☀' : '☾'}</span>
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  )
})
