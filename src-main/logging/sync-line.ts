import type { SyncSummary } from '@shared/ipc/sync.schema'

/**
 * One sync in one line, as main.log and sync.log write it: which profile, full or delta, how
 * long, what each resource brought, and what failed (code and sentence, already free of
 * secrets). "full" is a full download asked for; "delta" a sync that only fetches changes (a
 * first sync of a profile downloads in full anyway: its resources say full+delta).
 */
export function syncLine(summary: SyncSummary): string {
  const seconds = ((summary.finishedAt - summary.startedAt) / 1000).toFixed(1)
  const outcome = summary.errors.length === 0 ? 'done' : 'done with errors'
  const parts = summary.results.map(
    (r) =>
      `${r.resource} ${r.mode} ${r.records} records, ${r.changed} changed` +
      (r.quarantined > 0 ? `, ${r.quarantined} quarantined` : '') +
      (r.restarted ? ', restarted' : '')
  )
  const errors = summary.errors.map((e) => `${e.resource} failed (${e.code}): ${e.message}`)
  return (
    `sync of profile ${summary.profileId} (${summary.full ? 'full' : 'delta'}) ${outcome} ` +
    `in ${seconds} s: ${[...parts, ...errors].join('; ') || 'nothing to do'}`
  )
}

/** A sync that ended before it had a summary: stopped, or unable to run. */
export function syncFailedLine(
  profileId: string,
  full: boolean,
  ms: number,
  failure: { code: string; message: string }
): string {
  const outcome = failure.code === 'aborted' ? 'stopped' : `could not run (${failure.code})`
  return (
    `sync of profile ${profileId} (${full ? 'full' : 'delta'}) ${outcome} after ` +
    `${(ms / 1000).toFixed(1)} s: ${failure.message}`
  )
}
