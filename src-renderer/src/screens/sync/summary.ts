import { isOutage } from '@shared/errors'
import type { ResourceSyncResult, SyncResourceName, SyncSummary } from '@shared/ipc/sync.schema'
import { formatNumber, leadThen, plural } from '../../components/text'
import type { ResourceProgress } from '../../ipc/progress-store'
import { RESOURCE_LABEL } from './labels'

/** What a finished sync did, in words: the lines of its notification and of "Last run". */

/** "Listings: 60 records downloaded", "Rates: no changes", "Availability: 3 changed". */
export function resultLine(r: ResourceSyncResult): string {
  const label = RESOURCE_LABEL[r.resource]
  const parts: string[] = []
  if (r.mode === 'delta') {
    parts.push(r.changed === 0 ? 'no changes' : `${formatNumber(r.changed)} changed`)
  } else {
    parts.push(`${plural(r.records, 'record')} downloaded`)
  }
  if (r.quarantined > 0) parts.push(`${formatNumber(r.quarantined)} quarantined`)
  if (r.restarted) parts.push('started over, since the saved resume point had expired')
  return `${label}: ${parts.join(', ')}`
}

export function summaryText(s: SyncSummary): string {
  return s.results.map(resultLine).join(' · ')
}

/** "Listings, availability and rates" */
export function resourceList(resources: readonly SyncResourceName[]): string {
  const words = resources.map((r, i) =>
    i === 0 ? RESOURCE_LABEL[r] : RESOURCE_LABEL[r].toLowerCase()
  )
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

/**
 * The failures, each sentence once, with the resources it concerns. An outage is one event
 * whatever each resource's answer said word for word ("injected fault: 500" or "503"), so its
 * failures group by code under the first one's sentence; the Sync screen's table keeps each.
 * "Rates not updated. The team hub can't be reached: check …": main's sentence stands on its own
 * (`lead`: the words before it, when a line already says "Not updated:").
 */
export function errorLines(
  errors: SyncSummary['errors'],
  lead: (resources: string) => string = (resources) => `${resources} not updated`
): string[] {
  const groups = new Map<string, { message: string; resources: SyncResourceName[] }>()
  for (const e of errors) {
    const key = isOutage(e.code) ? e.code : `${e.code}\n${e.message}`
    const group = groups.get(key) ?? { message: e.message, resources: [] }
    group.resources.push(e.resource)
    groups.set(key, group)
  }
  return [...groups.values()].map((g) => leadThen(lead(resourceList(g.resources)), g.message))
}

export interface SyncOutcome {
  kind: 'success' | 'warning' | 'error'
  title: string
  message: string
}

/**
 * How a finished sync is announced. A service that can't be reached or is failing is not an
 * error of StayDesk: that is a warning saying the offline copy keeps working.
 */
export function syncOutcome(s: SyncSummary): SyncOutcome {
  const done = summaryText(s)
  if (s.errors.length === 0) {
    return {
      kind: 'success',
      title: s.full ? 'Full resync finished' : 'Sync finished',
      message: done
    }
  }
  const lines = errorLines(s.errors)
  const outage = s.errors.every((e) => isOutage(e.code))
  if (outage) {
    return {
      kind: 'warning',
      title: 'Working offline',
      message: [...lines, done, 'The offline copy keeps working; StayDesk syncs again later.']
        .filter(Boolean)
        .join(' ')
    }
  }
  return {
    kind: 'error',
    title: 'Sync finished with problems',
    message: [...lines, done].filter(Boolean).join(' ')
  }
}

/** One line under a resource's progress bar. */
export function progressText(p: ResourceProgress): string {
  const pages = plural(p.pagesDone, 'page')
  const records =
    p.total !== undefined
      ? `${formatNumber(p.recordsDone)} of ${plural(p.total, 'record')}`
      : plural(p.recordsDone, 'record')
  const parts: string[] = []
  if (p.state === 'error') {
    // Not "Failed · 0 pages · 0 records": what matters is that this copy was not updated.
    parts.push(p.pagesDone > 0 ? `Stopped after ${pages} · ${records}` : 'Not updated')
  } else if (p.state === 'done' && p.mode === 'delta') {
    parts.push(
      p.recordsDone === 0
        ? 'Done · no changes'
        : `Done · ${plural(p.recordsDone, 'changed record')}`
    )
  } else {
    const prefix = p.state === 'done' ? 'Done · ' : ''
    parts.push(`${prefix}${pages} · ${records}`)
  }
  if (p.catchUpRecords) parts.push(`${formatNumber(p.catchUpRecords)} changed during the download`)
  if (p.quarantined > 0) parts.push(`${formatNumber(p.quarantined)} quarantined`)
  if (p.restarted) parts.push('started over: the saved resume point had expired')
  return parts.join(' · ')
}
