import { writeFileSync } from 'node:fs'
import { referencesCsv } from '../../features/references/reference-csv'
import { parse, UsageError } from '../args'
import { CliContext } from '../context'
import { BOM, newFileTarget } from '../files'
import type { Output } from '../output'
import { importCommand } from './references-import'

export async function referencesCommand(argv: string[], out: Output): Promise<number> {
  const [sub, ...rest] = argv
  if (sub === 'import') return importCommand(rest, out)
  if (sub === 'export') return exportCommand(rest, out)
  throw new UsageError(
    `references: expected "import" or "export", got ${sub ? `"${sub}"` : 'nothing'}`
  )
}

/**
 * `staydesk references export`: what this profile last set for each listing (the service has
 * no way to read references back, so the kept copy is the record), in the import's format:
 * on stdout as plain CSV for a pipe, or saved to --out with a byte-order mark as the app saves
 * it. Offline: the mirror alone, no token.
 */
async function exportCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parse(argv, { out: { type: 'string' } })
  if (positionals.length > 0) {
    throw new UsageError(`references export: unexpected "${positionals[0]}" (use --out FILE)`)
  }
  const target = values.out === undefined ? undefined : newFileTarget('--out', values.out)
  const ctx = new CliContext(values)
  try {
    const kept = (await ctx.mirror()).kept.references()
    const csv = referencesCsv(kept)
    if (target !== undefined) {
      writeFileSync(target, `${BOM}${csv}`, { flag: 'wx' })
      if (ctx.json) out.json({ file: target, rows: kept.length })
      else out.line(exportedWords(kept.length, target))
      return 0
    }
    if (ctx.json) out.json({ mirror: ctx.dbFile(), total: kept.length, items: kept })
    else out.text(csv)
    return 0
  } finally {
    await ctx.close()
  }
}

function exportedWords(rows: number, file: string): string {
  if (rows === 0) return `${file}: no references yet (this profile has set none); header only`
  return `${file}: ${rows} ${rows === 1 ? 'reference' : 'references'} written`
}
