/**
 * `npm run security`: Electronegativity over StayDesk's sources, gated on its SARIF output (the
 * tool always exits 0, and its CSV breaks on the CSP's quotes). Each finding reviewed and
 * accepted is an entry of security/electronegativity-allowlist.json: its check, its file, a
 * fingerprint of the code it flags and how many findings with that fingerprint it accepts, and
 * the reason. The gate fails on a finding no entry accepts, on more findings than an entry's
 * count (a second identical-looking insecure window), and on an entry that accepts more than it
 * finds (stale: the code it reviewed changed or went, so the list stays reviewed).
 *
 *   npm run security                      the gate
 *   npm run -s security -- --print        the allowlist as these findings need it, on stdout
 *   npm run security -- --root DIR        the gate over the sources and allowlist in DIR
 *
 * Runs offline: the check that fetches Electron's release notes from GitHub is switched off
 * (see the allowlist).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'

export interface Finding {
  check: string
  file: string
  line: number
  message: string
  /** fingerprintOf(flaggedText(...)): what the finding is about, wherever its line moved. */
  fingerprint: string
}

const accepted = z.strictObject({
  check: z.string().min(1),
  file: z.string().min(1),
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{16}$/, 'is 16 lower-case hex digits, as `npm run security -- --print` gives'),
  count: z.int().positive(),
  // An entry is a review: without its reason it is not one.
  reason: z.string().trim().min(1, 'says why the finding is safe to accept')
})
export type Accepted = z.infer<typeof accepted>

const ALLOWLIST_ABOUT =
  'Electronegativity findings reviewed and accepted, each with its reason. An entry accepts `count` findings of `check` in `file` whose flagged code has `fingerprint` (sha256 of the flagged line, or for HTML the flagged tag, with whitespace collapsed; first 16 hex digits), wherever the line moves. scripts/security-gate.ts fails on any other finding, on more findings than an entry accepts, and on an entry that accepts more than it finds (stale), so the list stays reviewed. `npm run -s security -- --print` prints the list as the current findings need it.'

const allowlist = z.object({
  about: z.string().optional(),
  accepted: z.array(accepted).superRefine((entries, ctx) => {
    const seen = new Set<string>()
    entries.forEach((e, i) => {
      const k = key(e)
      if (seen.has(k))
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `repeats the entry for ${e.check} ${e.file} ${e.fingerprint}: give one entry its count`
        })
      seen.add(k)
    })
  })
})

/** The allowlist file's entries, or an error naming each entry and field that is wrong. */
export function parseAllowlist(text: string, path: string): Accepted[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    throw new Error(`${path} is not JSON: ${(err as Error).message}`, { cause: err })
  }
  const parsed = allowlist.safeParse(json)
  if (!parsed.success)
    throw new Error(`${path} is not a valid allowlist:\n${z.prettifyError(parsed.error)}`)
  return parsed.data.accepted
}

/** The first 16 hex digits of sha256 of the text with its whitespace collapsed. */
export function fingerprintOf(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim()
  return createHash('sha256').update(collapsed).digest('hex').slice(0, 16)
}

/**
 * The code a finding on `line` (1-based) of `file` flags: the line itself, and in HTML the tag
 * that opens on it through its `>`. A CSP finding points at the `<meta` line while the policy
 * sits on the lines after it; a weakened policy must not keep the reviewed fingerprint.
 */
export function flaggedText(source: string, file: string, line: number): string {
  const lines = source.split(/\r?\n/)
  const at = line - 1
  if (at < 0 || at >= lines.length) return ''
  const open = lines[at].lastIndexOf('<')
  if (!/\.html?$/i.test(file) || open === -1 || lines[at].includes('>', open)) return lines[at]
  let end = at + 1
  while (end < lines.length - 1 && !lines[end].includes('>')) end++
  return lines.slice(at, end + 1).join('\n')
}

interface Sarif {
  runs: {
    results: {
      ruleId: string
      message: { text: string }
      locations: {
        physicalLocation: { artifactLocation: { uri: string }; region?: { startLine?: number } }
      }[]
    }[]
  }[]
}

/** Findings from SARIF; `sourceOf` gives a scanned file's text (undefined when there is none). */
export function findingsOf(
  sarif: Sarif,
  sourceOf: (file: string) => string | undefined
): Finding[] {
  return sarif.runs.flatMap((run) =>
    run.results.map((r) => {
      const loc = r.locations[0]?.physicalLocation
      const file = (loc?.artifactLocation.uri ?? '').replace(/\\/g, '/')
      const line = loc?.region?.startLine ?? 0
      return {
        check: r.ruleId,
        file,
        line,
        message: r.message.text,
        fingerprint: fingerprintOf(flaggedText(sourceOf(file) ?? '', file, line))
      }
    })
  )
}

function key(f: { check: string; file: string; fingerprint: string }): string {
  return JSON.stringify([f.check, f.file, f.fingerprint])
}

/** Findings of one check, file and fingerprint. */
function groups(findings: readonly Finding[]): Finding[][] {
  const byKey = new Map<string, Finding[]>()
  for (const f of findings) byKey.set(key(f), [...(byKey.get(key(f)) ?? []), f])
  return [...byKey.values()]
}

export interface Verdict {
  /**
   * Findings of one check, file and fingerprint that outnumber what the allowlist accepts for
   * it (0 when no entry has it). All of them are listed: which one is new can't be told apart.
   */
  unreviewed: { findings: Finding[]; accepted: number }[]
  /** Entries accepting more findings than there are: the code they reviewed changed or went. */
  stale: { entry: Accepted; found: number }[]
}

export function judge(findings: readonly Finding[], entries: readonly Accepted[]): Verdict {
  const found = new Map(groups(findings).map((g) => [key(g[0]), g]))
  const unreviewed = [...found.values()]
    .map((g) => ({ findings: g, accepted: entries.find((e) => key(e) === key(g[0]))?.count ?? 0 }))
    .filter((u) => u.findings.length > u.accepted)
  const stale = entries
    .map((entry) => ({ entry, found: found.get(key(entry))?.length ?? 0 }))
    .filter((s) => s.found < s.entry.count)
  return { unreviewed, stale }
}

/**
 * The allowlist these findings need: an entry per fingerprint with the count found, its
 * reason kept where an entry had it, and an empty reason (which the gate refuses) where the
 * finding is new. Entries nothing matches any more are left out.
 */
export function proposedAllowlist(
  findings: readonly Finding[],
  entries: readonly Accepted[]
): { about: string; accepted: Accepted[] } {
  return {
    about: ALLOWLIST_ABOUT,
    accepted: groups(findings).map((g) => {
      const { check, file, fingerprint } = g[0]
      const reason = entries.find((e) => key(e) === key(g[0]))?.reason ?? ''
      return { check, file, fingerprint, count: g.length, reason }
    })
  }
}

/** What the gate prints for a verdict: a line each, the flagged code's text below a finding. */
export function explain(
  verdict: Verdict,
  sourceOf: (file: string) => string | undefined
): string[] {
  const out: string[] = []
  for (const { findings, accepted } of verdict.unreviewed) {
    const { check, file, fingerprint, message } = findings[0]
    const where = `${file}:${findings.map((f) => f.line).join(',')}`
    const count =
      accepted === 0
        ? ''
        : ` (${findings.length} findings with this fingerprint, the allowlist accepts ${accepted})`
    out.push(`  NOT REVIEWED ${check} ${where} fingerprint ${fingerprint}${count}: ${message}`)
    const text = flaggedText(sourceOf(file) ?? '', file, findings[0].line)
    out.push(`      ${text.replace(/\s+/g, ' ').trim()}`)
  }
  for (const { entry, found } of verdict.stale)
    out.push(
      `  STALE allowlist entry ${entry.check} ${entry.file} fingerprint ${entry.fingerprint}: ` +
        `accepts ${entry.count}, ${found} found (the reviewed code changed or went)`
    )
  return out
}

/** Electronegativity's findings over the sources under root, and a reader of their text. */
function scan(root: string): {
  findings: Finding[]
  sourceOf: (file: string) => string | undefined
} {
  // The tools come from this repository's own install, whichever sources are scanned.
  const require = createRequire(import.meta.filename)
  const electron = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as {
    version: string
  }
  const cli = join(
    dirname(require.resolve('@doyensec/electronegativity/package.json')),
    'dist/index.js'
  )
  // The sources only: what is built (out*/) or installed is not ours to review.
  const input = mkdtempSync(join(tmpdir(), 'staydesk-electronegativity-'))
  try {
    cpSync(join(root, 'src-main'), join(input, 'src-main'), { recursive: true })
    cpSync(join(root, 'src-renderer/src'), join(input, 'src-renderer/src'), { recursive: true })
    cpSync(join(root, 'src-renderer/index.html'), join(input, 'src-renderer/index.html'))
    cpSync(join(root, 'package.json'), join(input, 'package.json'))
    const sarif = join(input, 'findings.sarif')
    const run = spawnSync(
      process.execPath,
      [
        cli,
        '-i',
        input,
        '-e',
        electron.version,
        '-x',
        'AvailableSecurityFixesGlobalCheck',
        '-r',
        '-v',
        'false',
        '-o',
        sarif
      ],
      { encoding: 'utf8' }
    )
    if (run.status !== 0) throw new Error(`electronegativity failed: ${run.stderr || run.stdout}`)
    const sources = new Map<string, string | undefined>()
    const sourceOf = (file: string): string | undefined => {
      if (!sources.has(file)) {
        try {
          sources.set(file, readFileSync(join(input, file), 'utf8'))
        } catch {
          sources.set(file, undefined) // a global finding names no file ("file:///")
        }
      }
      return sources.get(file)
    }
    const findings = findingsOf(JSON.parse(readFileSync(sarif, 'utf8')) as Sarif, sourceOf)
    // Read every flagged file now: the copy goes at the end of this function.
    for (const f of findings) sourceOf(f.file)
    return { findings, sourceOf }
  } finally {
    rmSync(input, { recursive: true, force: true })
  }
}

function main(): number {
  const { values } = parseArgs({
    options: { print: { type: 'boolean', default: false }, root: { type: 'string' } }
  })
  const root = resolve(values.root ?? join(import.meta.dirname, '..'))
  const path = join(root, 'security/electronegativity-allowlist.json')
  const entries = parseAllowlist(readFileSync(path, 'utf8'), path)
  const { findings, sourceOf } = scan(root)
  if (values.print) {
    const proposal = proposedAllowlist(findings, entries)
    process.stdout.write(`${JSON.stringify(proposal, null, 2)}\n`)
    const todo = proposal.accepted.filter((e) => e.reason === '')
    console.error(
      `electronegativity: ${findings.length} findings, ${proposal.accepted.length} allowlist entries printed; ` +
        `${todo.length} new, with an empty reason to write before the gate passes`
    )
    for (const line of explain(judge(findings, entries), sourceOf)) console.error(line)
    return 0
  }
  const verdict = judge(findings, entries)
  const unreviewed = verdict.unreviewed.reduce((n, u) => n + u.findings.length - u.accepted, 0)
  console.log(
    `electronegativity: ${findings.length} findings, ${findings.length - unreviewed} reviewed in the allowlist`
  )
  const lines = explain(verdict, sourceOf)
  for (const line of lines) console.error(line)
  if (lines.length > 0)
    console.error(
      '  Review each finding; then `npm run -s security -- --print > /tmp/allowlist.json` prints the\n' +
        '  allowlist these findings need (reasons kept, new entries with an empty reason to write):\n' +
        '  write the reasons and copy it over security/electronegativity-allowlist.json.'
    )
  return verdict.unreviewed.length + verdict.stale.length === 0 ? 0 : 1
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    process.exitCode = main()
  } catch (err) {
    console.error(`security gate: ${(err as Error).message}`)
    process.exitCode = 1
  }
}
