import type { SyncStatus } from '@shared/ipc/views.schema'
import { dataAgeText, dataAgeTone, isStale, type DataAgeTone } from '../../components/data-age'
import { ago, formatDateTime } from '../../components/format'

/**
 * Where the months' figures come from and how old they are, by the rule every data-age line
 * follows (components/data-age.ts): a copy synced more than a day ago is flagged in words and
 * colour, an unreachable service in its own tone, never the grey of "just now".
 */

export interface SourceWords {
  text: string
  tone: DataAgeTone
}

export function sourceWords(
  asOf: number | null,
  status: SyncStatus | undefined,
  now: number
): SourceWords {
  const head =
    asOf === null
      ? 'From the offline copy; its rates have not been synced yet'
      : `From the offline copy, rates synced ${ago(asOf, now)} (${formatDateTime(asOf)})`
  const rates = status?.resources.find((r) => r.resource === 'rates')
  if (!status || !rates) {
    return { text: `${head}.`, tone: isStale({ lastSuccessAt: asOf }, now) ? 'stale' : 'fresh' }
  }
  const at = { ...rates, lastSuccessAt: asOf }
  // The shared line's flags, in its own words ("older than a day: …", "the service can’t be
  // reached right now"): what follows its first part.
  const flags = dataAgeText(status, at, now).split(' · ').slice(1)
  return { text: [head, ...flags].join(' · ') + '.', tone: dataAgeTone(status, at, now) }
}
