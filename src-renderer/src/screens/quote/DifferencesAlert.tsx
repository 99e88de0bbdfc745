import type { ReactNode } from 'react'
import { Alert, List, Text } from '@mantine/core'
import type { QuoteAnswer } from '@shared/ipc/quotes.schema'
import { differenceLine, differencesTitle } from './breakdown'

/**
 * The live quote and the estimate disagree: the offline copy of this listing is probably
 * stale. Says which amounts differ, and offers the refresh that brings the copy up to date.
 */
export function DifferencesAlert({
  differences,
  refresh
}: {
  differences: QuoteAnswer['differences']
  refresh: ReactNode
}) {
  if (differences.length === 0) return null
  return (
    <Alert
      color="yellow"
      variant="light"
      title={differencesTitle(differences.length)}
      data-testid="quote-differences"
    >
      <List size="sm" mb="xs">
        {differences.map((d) => (
          <List.Item key={d.field}>{differenceLine(d)}</List.Item>
        ))}
      </List>
      <Text size="sm" mb="xs">
        The live quote is the price the service will charge. Refresh this listing from the service
        to bring the offline copy up to date.
      </Text>
      {refresh}
    </Alert>
  )
}
