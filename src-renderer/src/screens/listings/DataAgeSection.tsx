import { Alert, Button, List, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { utcDateOf } from '@shared/domain/dates'
import { isOutage } from '@shared/errors'
import type { ListingPage } from '@shared/ipc/listings.schema'
import { SYNC_RESOURCES, type SyncResourceName } from '@shared/ipc/sync.schema'
import { type ListingRefreshed } from '@shared/ipc/listings.schema'
import { syncStatusQuery } from '../../app/queries'
import { copyAgeTone } from '../../components/data-age'
import { atAgo, sourceName, unreachableText, withAgeFlags } from '../../components/data-source'
import { DataAgeText, useServiceOffline, useVia } from '../../components/DataAgeNote'
import { ErrorAlert } from '../../components/ErrorAlert'
import { formatDateTime, formatDay, formatNumber } from '../../components/text'
import { useNow } from '../../components/use-now'
import { describeError } from '../../ipc/errors'
import { historyQuery } from '../history/queries'
import { liveChangeText, refreshText } from './listing-words'
import { useRefreshListing } from './queries'
import { Fields, Section } from './Section'

const WHAT: Record<SyncResourceName, string> = {
  listings: 'Listing details',
  availability: 'Availability',
  rates: 'Prices'
}

function when(at: number | null, now: number, never: string): string {
  return at === null ? never : atAgo(at, now)
}

/** Changes a live check lists one by one; more are counted (the History screen has them all). */
const SHOWN_CHANGES = 12

/**
 * What one live check changed, night by night, old → new: read back from the history the check
 * recorded (its changes carry the check's own time), so the words are the History screen's.
 */
function CheckedChanges({ checked }: { checked: ListingRefreshed }) {
  const any = Object.values(checked.changed).some(Boolean)
  const history = useQuery({
    ...historyQuery({
      listingId: checked.listingId,
      from: utcDateOf(checked.refreshedAt),
      limit: 1000
    }),
    enabled: any
  })
  if (!any || !history.data) return null
  // In the order a reader scans them: details, nights and days by date.
  const items = history.data.items
    .filter((i) => i.seenAt === checked.refreshedAt)
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.key.localeCompare(b.key))
  if (items.length === 0) return null
  const more = items.length - SHOWN_CHANGES
  return (
    <>
      <List size="sm" data-testid="check-live-changes">
        {items.slice(0, SHOWN_CHANGES).map((i) => (
          <List.Item key={`${i.kind}:${i.key}`}>{liveChangeText(i, formatDay)}</List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="sm" c="dimmed">
          and {formatNumber(more)} more {more === 1 ? 'change' : 'changes'}, on the History screen
        </Text>
      )}
    </>
  )
}

/**
 * Where the page's data comes from and how old each part is: when StayDesk first saw this
 * version of the listing's details, availability and prices (in a sync or a live check), beside
 * the service's own Last modified of the details, and when each resource was last synced. One
 * "Check live" reads the three from the service by id, commits them and says what changed, night
 * by night; a service that can't be reached is said plainly, in the outage colour, not as an
 * error.
 */
export function DataAgeSection({ page }: { page: ListingPage }) {
  const id = page.listing.id
  const now = useNow()
  const status = useQuery(syncStatusQuery)
  const refresh = useRefreshListing(id)
  const syncedAt = (r: SyncResourceName) =>
    status.data?.resources.find((s) => s.resource === r)?.lastSuccessAt ?? page.syncedAt[r]
  const failure = refresh.error ? describeError(refresh.error) : null
  const offline = useServiceOffline()
  const via = useVia()

  return (
    <Section
      title="Data age"
      testId="listing-data-age"
      aside="This page shows the offline copy. “First seen” is when StayDesk first saw the version it holds, in a sync or a live check; Check live reads this listing from the service now."
    >
      <Fields
        labelWidth={150}
        testId="listing-seen-at"
        fields={[
          ...SYNC_RESOURCES.map((r) => ({
            label: `${WHAT[r]} first seen`,
            value: when(page.seenAt[r], now, 'Not in the offline copy')
          })),
          {
            label: 'Last modified (service)',
            value:
              page.listing.lastModified === undefined
                ? null
                : when(page.listing.lastModified * 1000, now, '')
          }
        ]}
      />
      <Fields
        labelWidth={150}
        testId="listing-synced-at"
        fields={SYNC_RESOURCES.map((r) => ({
          label: `${WHAT[r]} synced`,
          // A copy older than a day says so in words and colour, as every data-age line does.
          value: (
            <DataAgeText tone={copyAgeTone(syncedAt(r), false, now)} testId={`synced-${r}`}>
              {withAgeFlags(
                when(syncedAt(r), now, 'Not synced yet'),
                syncedAt(r),
                false,
                now,
                'brief'
              )}
            </DataAgeText>
          )
        }))}
      />
      {/* The service found out of reach by any call: said once here, unless the failed check
          below already says it. */}
      {offline && !(failure && isOutage(failure.code)) && (
        <DataAgeText tone="offline" testId="listing-offline">
          {unreachableText(via, true)} right now: this page shows the offline copy.
        </DataAgeText>
      )}
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
            <Text size="sm">
              Reading listing {id} from {sourceName(via)}…
            </Text>
          ) : refresh.data ? (
            <>
              <Text size="sm">
                <Text span fw={600}>
                  Checked at {formatDateTime(refresh.data.refreshedAt)}:
                </Text>{' '}
                {refreshText(refresh.data)}
              </Text>
              <CheckedChanges checked={refresh.data} />
            </>
          ) : failure && isOutage(failure.code) ? (
            <Alert color="yellow" variant="light" title={`Not checked: ${unreachableText(via)}`}>
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
