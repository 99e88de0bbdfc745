import type { z } from 'zod'
import type {
  ApplyReferencesInput,
  ApplyReferencesResult,
  KeptReference,
  ReferenceInput,
  SetReferenceInput,
  SetReferenceOutcome
} from '@shared/ipc/references.schema'
import { AppError, toAppError } from '../../errors'
import type { ProfileContext } from '../context'
import { requireConfirmation, runWrite } from '../journal/write'
import { referencesCsv } from './reference-csv'

/**
 * Listing references: what this channel calls each listing, its page URL and the listing's
 * status on the channel. Written with the single and the bulk endpoint under the journal's write
 * rules (features/journal/write.ts: journaled, one request per click, never retried); what the
 * service accepted is kept in the offline copy, since the service has no way to read references
 * back.
 */

const DEFAULT_BATCH = 100

function body(row: ReferenceInput) {
  return {
    reference: row.reference,
    ...(row.url !== undefined ? { url: row.url } : {}),
    ...(row.status !== undefined ? { status: row.status } : {})
  }
}

async function knownListing(ctx: ProfileContext, listingId: number): Promise<void> {
  if (!(await ctx.mirror()).listings.summary(listingId)) {
    throw new AppError(
      'bad-input',
      `There is no listing ${listingId} in this profile's portfolio.`,
      {
        field: 'listingId'
      }
    )
  }
}

/** One listing's reference with the single endpoint. */
export async function setReference(
  ctx: ProfileContext,
  input: z.output<typeof SetReferenceInput>
): Promise<z.output<typeof SetReferenceOutcome>> {
  const { confirmation, ...row } = input
  requireConfirmation(ctx, confirmation, String(row.listingId), 'the listing id')
  await knownListing(ctx, row.listingId)
  const request = body(row)
  const result = await runWrite(ctx, {
    action: 'reference',
    target: `listing:${row.listingId}:reference`,
    listingId: row.listingId,
    request: { listingId: row.listingId, ...request },
    confirmation,
    send: (client) => client.setReference(row.listingId, request)
  })
  switch (result.kind) {
    case 'done': {
      const mirror = await ctx.mirror()
      mirror.kept.keepReferences([row], ctx.now())
      ctx.changed(['references'])
      return { outcome: 'done', reference: mirror.kept.reference(row.listingId)! }
    }
    case 'refused':
      return { outcome: 'refused', message: result.error.message, code: result.error.code }
    case 'unknown':
      return {
        outcome: 'unknown',
        message:
          `${result.error.message} The service has no way to read a reference back: check the ` +
          'listing on the channel, and set it again only if it did not change.'
      }
  }
}

let applying = false

type RowResult = ApplyReferencesResult['results'][number]

/**
 * Many references with the bulk endpoint, in batches, one request each. A refused batch does
 * not stop the others (the service judged that batch); a batch whose outcome is unknown, or
 * that could not be sent, stops the run, and the rest are reported as not sent: sending more
 * into a service that just failed would only make more unknowns.
 */
export async function applyReferences(
  ctx: ProfileContext,
  input: z.output<typeof ApplyReferencesInput>
): Promise<ApplyReferencesResult> {
  const { rows } = input
  requireConfirmation(ctx, input.confirmation, String(rows.length), 'the number of changes')
  const seen = new Set<number>()
  for (const row of rows) {
    if (seen.has(row.listingId)) {
      throw new AppError(
        'bad-input',
        `Listing ${row.listingId} is given twice; give each listing once.`
      )
    }
    seen.add(row.listingId)
  }
  const mirror = await ctx.mirror()
  const unknownListing = rows.find((r) => !mirror.listings.summary(r.listingId))
  if (unknownListing) await knownListing(ctx, unknownListing.listingId)
  if (applying) {
    throw new AppError(
      'conflict',
      'Listing references are already being sent; wait for that to finish.'
    )
  }
  applying = true
  try {
    // The previous values, read before anything is sent: the undo file puts them back.
    const previous = new Map<number, KeptReference>()
    for (const row of rows) {
      const kept = mirror.kept.reference(row.listingId)
      if (kept) previous.set(row.listingId, kept)
    }
    const size = input.batchSize ?? DEFAULT_BATCH
    const batches: ReferenceInput[][] = []
    for (let i = 0; i < rows.length; i += size) batches.push(rows.slice(i, i + size))
    const results: RowResult[] = []
    const mark = (batch: number, outcome: RowResult['outcome'], message: string | null) => {
      for (const row of batches[batch]) {
        results.push({ listingId: row.listingId, outcome, message, batch: batch + 1 })
      }
    }
    let stopped: string | null = null
    for (let b = 0; b < batches.length; b++) {
      if (stopped !== null) {
        mark(b, 'not-sent', stopped)
        continue
      }
      const references = batches[b].map((row) => ({ listingId: row.listingId, ...body(row) }))
      try {
        const result = await runWrite(ctx, {
          action: 'references',
          target: 'listing-references',
          request: { batch: b + 1, of: batches.length, references },
          // The agent typed the number of changes, checked above; a team hub checks each
          // request against the number it carries, so a batch says its own.
          confirmation: input.confirmation === undefined ? undefined : String(references.length),
          send: (client) => client.setReferences({ references })
        })
        if (result.kind === 'done') {
          mirror.kept.keepReferences(batches[b], ctx.now())
          mark(b, 'done', null)
        } else if (result.kind === 'refused') {
          mark(b, 'refused', result.error.message)
        } else {
          mark(b, 'unknown', result.error.message)
          stopped = `Not sent: batch ${b + 1}'s outcome is unknown, so StayDesk stopped there.`
        }
      } catch (err) {
        const e = toAppError(err)
        if (e.unexpected) throw err
        // Thrown by runWrite: never sent (offline), or refused as bad input / unauthorized.
        const sent = e.code !== 'offline' && e.code !== 'conflict' && e.code !== 'database'
        mark(b, sent ? 'refused' : 'not-sent', e.message)
        if (!sent || e.code === 'unauthorized') {
          stopped = `Not sent: batch ${b + 1} could not be sent (${e.message})`
        }
      }
    }
    if (results.some((r) => r.outcome === 'done')) ctx.changed(['references'])
    // Undo for every row the service may have applied: done, or unknown.
    const touched = results.filter((r) => r.outcome === 'done' || r.outcome === 'unknown')
    const undoRows = touched.flatMap((r) => previous.get(r.listingId) ?? [])
    return {
      results,
      batches: batches.length,
      undo: {
        csv: referencesCsv(undoRows),
        rows: undoRows.length,
        withoutPrevious: touched.length - undoRows.length
      }
    }
  } finally {
    applying = false
  }
}
