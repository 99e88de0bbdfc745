import { Title } from '@mantine/core'

// Skeleton: the helper building this screen replaces it.
export function SettingsScreen() {
  return <Title order={2}>Settings</Title>
}
