import { Divider, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { appInfoQuery } from '../../app/queries'
import { GuardrailsSection } from './GuardrailsSection'
import { NotificationsSection } from './NotificationsSection'

/**
 * Settings: the active profile's rate guardrails, which the watch checks after each sync, and
 * the desktop notifications, which belong to this computer.
 */
export function SettingsScreen() {
  const info = useQuery(appInfoQuery)
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Settings</Title>
        {info.data && (
          <Text size="sm" c="dimmed" data-testid="settings-profile">
            Guardrails for the profile “{info.data.profile.name}”; notifications for every profile
            on this computer.
          </Text>
        )}
      </div>
      <GuardrailsSection />
      <Divider />
      <NotificationsSection />
    </Stack>
  )
}
