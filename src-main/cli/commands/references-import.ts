import { writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import {
  ReferenceInput,
  type ApplyReferencesResult,
  type ImportPreview,
  type ImportRow
} from '@shared/ipc/references.schema'
import { previewReferences } from '../../features/references/reference-csv'
import { applyReferences } from '../../features/references/references'
import { AppError } from '../../errors'
import { parse, UsageError, wholeNumber } from '../args'
import { CliContext } from '../context'
import { BOM, newFileTarget, readInputFile } from '../files'
import type { Output } from '../output'
import {
  countsWords,
  plural,
  printPreview,
  printResults,
  tally,
  tallyWords,
  undoWords
} from './references-print'

/** The bulk endpoint's most rows per request (ApplyReferencesInput's own limit). */
const MAX_BATCH = 500

/**
 * `staydesk references import FILE.csv`: the screen's import from a terminal. The file is
 * checked against the offline copy exactly as the screen's dry run does it, and the diff is
 * printed; `--dry-run` stops there. Otherwise the new and changed rows go out through the
 * desk's own applyReferences (batches, one request each, never retried, journaled in the same
 * journal as the app's writes), and the previous values are saved as an undo file.
 *
 * Exit codes: a dry run exits 1 when any row is invalid (or the file can't be used), so
 * `import --dry-run F && import F` only sends a file that is clean; a real import exits 0 when
 * every row it sent is done, 1 otherwise.
 */
export async function importCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, {
    'dry-run': { type: 'boolean' },
    'batch-size': { type: 'string' },
    undo: { type: 'string' },
    confirm: { type: 'string' }
  })
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'references import: give the CSV file to import'
        : `references import: give one file (got ${positionals.join(' ')})`
    )
  }
  const file = positionals[0]
  const dryRun = values['dry-run'] === true
  const batchSize = wholeNumber('--batch-size', values['batch-size'], 1)
  if (batchSize !== undefined && batchSize > MAX_BATCH) {
    throw new UsageError(`--batch-size: must be at most ${MAX_BATCH}`)
  }
  const csv = readInputFile('FILE', file)
  const ctx = new CliContext(values)
  try {
    // A channel column is checked against the channel rows are sent for (--channel, or the
    // profile's own).
    const preview = previewReferences(await ctx.mirror(), csv, { salesChannel: ctx.channel })
    const rows = toSend(preview)
    const sending = !dryRun && rows.length > 0
    // What a real run needs (the undo file's name, the service, channel and token) is checked
    // before the diff is printed; the production confirmation after it, so the person sees
    // the rows they are counting.
    const undoFile = sending ? undoTarget(file, values.undo) : undefined
    if (sending) await ctx.profileContext()

    if (!ctx.json) printPreview(out, file, preview)
    if (!sending) return finishWithoutSending(ctx, out, file, preview, rows.length, dryRun)

    // Checked here before the journal is opened: nothing is sent or journaled without it.
    const profile = ctx.contextProfile()
    if (profile.kind === 'production' && values.confirm?.trim() !== String(rows.length)) {
      throw confirmationError(profile.name, rows.length)
    }
    let result: ApplyReferencesResult
    try {
      result = await applyReferences(await ctx.profileContext({ journal: true }), {
        rows,
        ...(batchSize !== undefined ? { batchSize } : {}),
        ...(values.confirm !== undefined ? { confirmation: values.confirm } : {})
      })
    } catch (err) {
      if (err instanceof AppError && err.field === 'confirmation') {
        throw confirmationError(profile.name, rows.length)
      }
      throw err
    }
    const counts = tally(result.results)
    const touched = counts.done + counts.unknown
    const written = result.undo.rows > 0 ? writeUndo(undoFile!, result.undo.csv) : null
    const undoLost = result.undo.rows > 0 && written === null
    // The rows sent, by listing: each listing is sent once, from its first valid row.
    const byListing = new Map(
      preview.rows
        .filter((r) => r.change === 'new' || r.change === 'changed')
        .map((r) => [r.listingId!, r] as const)
    )
    if (ctx.json) {
      out.json(importJson(file, preview, result, byListing, written))
    } else {
      printResults(out, result, byListing)
      const without = result.results
        .filter((r) => r.outcome === 'done' || r.outcome === 'unknown')
        .filter((r) => byListing.get(r.listingId)?.current === null)
        .map((r) => r.listingId)
      if (undoLost) out.line('The undo file could not be written: its rows are on stderr.')
      else for (const line of undoWords(written, result.undo.rows, touched, without)) out.line(line)
      if (preview.counts.invalid > 0) {
        out.line(
          `${plural(preview.counts.invalid, 'invalid row')} not sent; see the problems above.`
        )
      }
    }
    const allDone = counts.done === result.results.length
    if (!allDone) {
      process.stderr.write(
        `staydesk: ${counts.done} of ${plural(result.results.length, 'row')} done (${tallyWords(counts)})\n`
      )
    }
    return allDone && !undoLost ? 0 : 1
  } finally {
    await ctx.close()
  }
}

/** The new and changed rows as the bulk endpoint takes them; same and invalid ones stay home. */
function toSend(preview: ImportPreview): ReferenceInput[] {
  return preview.rows
    .filter((r) => r.change === 'new' || r.change === 'changed')
    .map((r) =>
      ReferenceInput.parse({
        listingId: r.listingId,
        reference: r.reference,
        ...(r.url ? { url: r.url } : {}),
        ...(r.status ? { status: r.status } : {})
      })
    )
}

function finishWithoutSending(
  ctx: CliContext,
  out: Output,
  file: string,
  preview: ImportPreview,
  toSendCount: number,
  dryRun: boolean
): number {
  const unusable = preview.rows.length === 0
  const failed = unusable || preview.counts.invalid > 0
  if (ctx.json) {
    out.json({
      file,
      dryRun,
      counts: preview.counts,
      fileProblems: preview.fileProblems,
      toSend: toSendCount,
      rows: preview.rows.map(rowJson)
    })
  } else if (unusable) {
    out.line('Nothing can be imported from this file.')
  } else if (dryRun) {
    const left = preview.counts.invalid
    out.line(
      `Dry run: nothing sent. A real import sends ${plural(toSendCount, 'row')}` +
        (left > 0 ? ` and leaves out the ${plural(left, 'invalid row')}.` : '.')
    )
    const kind = profileKind(ctx)
    if (toSendCount > 0 && kind?.kind === 'production') {
      out.line(
        `Profile "${kind.name}" is a production profile: the import needs --confirm ${toSendCount}.`
      )
    }
  } else {
    out.line(`Nothing to send: ${countsWords(preview.counts)}.`)
  }
  if (!failed) return 0
  // Without rows to send, a file whose rows are all invalid has still failed to import.
  const why = unusable
    ? preview.fileProblems[0]
    : `${plural(preview.counts.invalid, 'invalid row')} (${countsWords(preview.counts)})`
  process.stderr.write(`staydesk: ${file}: ${why}\n`)
  return 1
}

/** The profile's kind for the dry run's hint, when the command line names a service at all. */
function profileKind(ctx: CliContext): { kind: string; name: string } | undefined {
  try {
    return ctx.contextProfile()
  } catch {
    return undefined
  }
}

function confirmationError(profile: string, rows: number): UsageError {
  return new UsageError(
    `--confirm ${rows} is required: profile "${profile}" is a production profile and works on ` +
      `live data; ${plural(rows, 'row')} would be sent`
  )
}

/** --undo FILE, or `<FILE>.undo-<UTC time>.csv` beside the input; never an existing file. */
function undoTarget(input: string, given: string | undefined): string {
  if (given !== undefined) return newFileTarget('--undo', given)
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  const target = join(dirname(input), `${basename(input).replace(/\.csv$/i, '')}.undo-${stamp}.csv`)
  try {
    return newFileTarget('--undo', target)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    throw new UsageError(
      `${err.message} (the undo file goes beside FILE unless --undo FILE names one)`
    )
  }
}

/**
 * Writes the undo file, created new ('wx'): if a file of that name appeared meanwhile (two
 * imports in one second), a counter is added rather than replacing it. A file that can't be
 * written must not lose the previous values: they go to stderr instead, and null is returned.
 */
function writeUndo(target: string, csv: string): string | null {
  let problem = 'every name tried is taken'
  for (let n = 1; n <= 100; n++) {
    const name = n === 1 ? target : target.replace(/\.csv$/i, `-${n}.csv`)
    try {
      writeFileSync(name, `${BOM}${csv}`, { flag: 'wx' })
      return name
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue
      problem = (err as Error).message
      break
    }
  }
  process.stderr.write(
    `staydesk: the undo file ${target} could not be written (${problem}); its rows follow:\n${csv}`
  )
  return null
}

function rowJson(r: ImportRow) {
  return {
    line: r.line,
    listingId: r.listingId,
    listingName: r.listingName,
    change: r.change,
    reference: r.reference,
    url: r.url,
    status: r.status,
    current: r.current,
    problems: r.problems
  }
}

function importJson(
  file: string,
  preview: ImportPreview,
  result: ApplyReferencesResult,
  byListing: ReadonlyMap<number, ImportRow>,
  undoFile: string | null
) {
  const outcomes = new Map(result.results.map((r) => [r.listingId, r]))
  return {
    file,
    dryRun: false,
    counts: preview.counts,
    fileProblems: preview.fileProblems,
    batches: result.batches,
    outcomes: tally(result.results),
    rows: preview.rows.map((r) => {
      const sent = r.listingId === null ? undefined : outcomes.get(r.listingId)
      const own = sent && byListing.get(r.listingId!) === r
      return {
        ...rowJson(r),
        outcome: own ? sent.outcome : 'skipped',
        message: own ? sent.message : null,
        batch: own ? sent.batch : null
      }
    }),
    undo: { file: undoFile, rows: result.undo.rows, withoutPrevious: result.undo.withoutPrevious }
  }
}
