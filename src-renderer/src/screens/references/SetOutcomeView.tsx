import { Alert, Text } from '@mantine/core'
import type { CommandOutput } from '@shared/ipc/contract'
import { describeError } from '../../ipc/errors'
import { formatDateTime } from '../../components/text'
import { OutcomeAlert } from '../../components/OutcomeAlert'
import { statusWords } from './reference-words'

type Outcome = CommandOutput<'references:set'>

/**
 * What came of one reference sent: done (and what is now kept), refused in the service's own
 * words, or unknown (sent, answer lost) with what to do, since the service can't be asked.
 */
export function SetOutcomeView({ outcome, listingId }: { outcome: Outcome; listingId: number }) {
  if (outcome.outcome === 'done') {
    const r = outcome.reference
    return (
      <OutcomeAlert
        outcome="done"
        title="Done: the service accepted the reference"
        testId="set-outcome"
      >
        <Text size="sm">
          Listing {listingId} is now “{r.reference}” on this channel
          {r.url ? `, at ${r.url}` : ''}
          {r.status ? `, status ${statusWords(r.status)}` : ''}. Kept as sent{' '}
          {formatDateTime(r.setAt)}.
        </Text>
      </OutcomeAlert>
    )
  }
  if (outcome.outcome === 'refused') {
    return (
      <OutcomeAlert outcome="refused" title="Refused by the service" testId="set-outcome">
        <Text size="sm" data-testid="service-message">
          {outcome.message}
        </Text>
        <Text size="sm" mt={4}>
          Nothing changed on the channel. Correct the values and send again.
        </Text>
      </OutcomeAlert>
    )
  }
  return (
    <OutcomeAlert outcome="unknown" title="The outcome is unknown" testId="set-outcome">
      <Text size="sm">{outcome.message}</Text>
    </OutcomeAlert>
  )
}

/**
 * A write main stopped or the service turned down before judging the values: never sent
 * (offline, the journal unwritable, the same listing already on its way), or refused (the
 * token, a value main names no field for). An outage shows in yellow as what it is.
 */
export function WriteFailureView({ error }: { error: unknown }) {
  const d = describeError(error)
  const notSent = d.code === 'offline' || d.code === 'database' || d.code === 'conflict'
  return (
    <Alert
      color={d.outage ? 'yellow' : 'red'}
      variant="light"
      title={`${notSent ? 'Not sent' : 'Refused'}: ${d.title}`}
      role={d.outage ? 'status' : 'alert'}
      data-testid="write-failure"
      data-outcome={notSent ? 'not-sent' : 'refused'}
    >
      <Text size="sm">{d.message}</Text>
      <Text size="sm" mt={4} fw={500}>
        {notSent ? `Nothing reached the service. ${d.action}` : d.action}
      </Text>
    </Alert>
  )
}
