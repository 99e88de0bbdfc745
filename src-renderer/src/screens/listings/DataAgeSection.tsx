import { Alert, Button, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { isOutage } from '@shared/errors'
import type { ListingPage } from '@shared/ipc/pm.schema'
import { SYNC_RESOURCES, type SyncResourceName } from '@shared/ipc/views.schema'
import { syncStatusQuery } from '../../app/queries'
import { ErrorAlert } from '../../components/ErrorAlert'
import { ago, formatDateTime } from '../../components/format'
import { useNow } from '../../components/use-now'
import { describeError } from '../../ipc/errors'
import { refreshText } from './listing-words'
import { useRefreshListing } from './queries'
import { Fields, Section } from './Section'

const WHAT: Record<SyncResourceName, string> = {
  listings: 'Listing details',
  availability: 'Availability',
  rates: 'Prices'
}

function when(at: number | null, now: number, never: string): string {
  return at === null ? never : `${formatDateTime(at)} (${ago(at, now)})`
}

/**
 * Where the page's data comes from and how old each part is: when this listing's details,
 * availability and prices last changed in the offline copy, and when each was last synced. One
 * "Check live" reads the three from the service by id, commits them and says what changed; a
 * service that can't be reached is said plainly, in the outage colour, not as an error.
 */
export function DataAgeSection({ page }: { page: ListingPage }) {
  const id = page.listing.id
  const now = useNow()
  const status = useQuery(syncStatusQuery)
  const refresh = useRefreshListing(id)
  const syncedAt = (r: SyncResourceName) =>
    status.data?.resources.find((s) => s.resource === r)?.lastSuccessAt ?? page.syncedAt[r]
  const failure = refresh.error ? describeError(refresh.error) : null

  return (
    <Section
      title="Data age"
      testId="listing-data-age"
      aside="This page shows the offline copy. Check live reads this listing from the service now."
    >
      <Fields
        labelWidth={150}
        fields={SYNC_RESOURCES.map((r) => ({
          label: `${WHAT[r]} changed`,
          value: when(page.seenAt[r], now, 'Not in the offline copy')
        }))}
      />
      <Fields
        labelWidth={150}
        fields={SYNC_RESOURCES.map((r) => ({
          label: `${WHAT[r]} synced`,
          value: when(syncedAt(r), now, 'Not synced yet')
        }))}
      />
      <Stack gap="xs" align="flex-start">
        <Button
          variant="default"
          onClick={() => refresh.mutate({ id })}
          loading={refresh.isPending}
        >
          Check live
        </Button>
        <div role="status" data-testid="check-live-result">
          {refresh.isPending ? (
            <Text size="sm">Reading listing {id} from the service…</Text>
          ) : refresh.data ? (
            <Text size="sm">
              <Text span fw={600}>
                Checked at {formatDateTime(refresh.data.refreshedAt)}:
              </Text>{' '}
              {refreshText(refresh.data)}
            </Text>
          ) : failure && isOutage(failure.code) ? (
            <Alert color="yellow" variant="light" title="Not checked: the service can’t be reached">
              {failure.message} This page shows the offline copy meanwhile.
            </Alert>
          ) : refresh.error ? (
            <ErrorAlert title="Not checked" error={refresh.error} />
          ) : null}
        </div>
      </Stack>
    </Section>
  )
}
