import { Title } from '@mantine/core'

/** Being built (issue 9). */
export function QuoteScreen() {
  return <Title order={1}>Quote</Title>
}
