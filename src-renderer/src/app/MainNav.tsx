import { Kbd, NavLink, Stack, Text } from '@mantine/core'
import { SCREENS, useNavigation } from './navigation'

const MOD = /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl'

/** Only screens that work are listed; later issues add theirs here. */
export function MainNav({ version, onNavigate }: { version?: string; onNavigate?: () => void }) {
  const nav = useNavigation()
  return (
    <Stack justify="space-between" h="100%">
      <nav aria-label="Main">
        {SCREENS.map((s) => (
          <NavLink
            key={s.id}
            href={`#${s.id}`}
            label={s.label}
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
      </nav>
      {version && (
        <Text size="xs" c="dimmed" px="sm">
          StayDesk {version}
        </Text>
      )}
    </Stack>
  )
}
