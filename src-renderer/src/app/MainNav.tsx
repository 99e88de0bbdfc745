import { memo } from 'react'
import { Badge, Button, Group, Kbd, NavLink, Stack, Text } from '@mantine/core'
import { useNewAlertCount } from '../screens/alerts/alert-count'
import { SCREEN_GROUPS, SCREENS, useNavigationActions } from './navigation'

const MOD = /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl'

/** The screens in three groups: the property manager's, the support desk's, and set-up. */
export const MainNav = memo(function MainNav({
  version,
  onNavigate,
  onAbout
}: {
  version?: string
  onNavigate?: () => void
  onAbout?: () => void
}) {
  const nav = useNavigationActions()
  const newAlerts = useNewAlertCount()
  return (
    <Stack justify="space-between" h="100%">
      <nav aria-label="Main">
        {SCREEN_GROUPS.map((group) => (
          <div key={group} role="group" aria-labelledby={`nav-group-${group}`}>
            <Text
              id={`nav-group-${group}`}
              size="xs"
              fw={700}
              c="dimmed"
              tt="uppercase"
              px="sm"
              pt={group === SCREEN_GROUPS[0] ? 0 : 'sm'}
              pb={4}
            >
              {group}
            </Text>
            {SCREENS.filter((s) => s.group === group).map((s) => (
              <NavLink
                key={s.id}
                href={`#${s.id}`}
                label={
                  s.id === 'alerts' && newAlerts > 0 ? (
                    <Group gap={6} wrap="nowrap">
                      {s.label}
                      <Badge size="sm" color="red" aria-label={`${newAlerts} new`}>
                        {newAlerts}
                      </Badge>
                    </Group>
                  ) : (
                    s.label
                  )
                }
                active={nav.screen === s.id}
                aria-current={nav.screen === s.id ? 'page' : undefined}
                data-testid={`nav-${s.id}`}
                rightSection={
                  <Kbd size="xs" aria-hidden>
                    {MOD}+{s.shortcut}
                  </Kbd>
                }
                onClick={(e) => {
                  // In-app navigation only: the window itself never navigates.
                  e.preventDefault()
                  nav.go(s.id)
                  onNavigate?.()
                }}
              />
            ))}
          </div>
        ))}
      </nav>
      {version && (
        <Button
          variant="subtle"
          color="gray"
          size="compact-xs"
          justify="flex-start"
          onClick={onAbout}
          aria-label={`About StayDesk ${version}`}
        >
          <Text size="xs" c="dimmed" component="span">
            StayDesk {version}
          </Text>
        </Button>
      )}
    </Stack>
  )
})
