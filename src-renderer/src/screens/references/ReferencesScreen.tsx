import { Title } from '@mantine/core'

export function ReferencesScreen() {
  return <Title order={1}>References</Title>
}
