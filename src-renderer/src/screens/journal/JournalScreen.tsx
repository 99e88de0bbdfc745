import { Title } from '@mantine/core'

/** Being built (issue 9). */
export function JournalScreen() {
  return <Title order={1}>Journal</Title>
}
