/**
 * `npm run security`: Electronegativity over StayDesk's sources, gated on its SARIF output (the
 * tool always exits 0, and its CSV breaks on the CSP's quotes). Fails on any finding that is
 * not in security/electronegativity-allowlist.json with its reason, and on any allowlist entry
 * that matches no finding any more. Runs offline: the check that fetches Electron's release
 * notes from GitHub is switched off (see the allowlist).
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

export interface Finding {
  check: string
  file: string
  line: number
  message: string
}
export interface Accepted {
  check: string
  file: string
  reason: string
}

/** Findings the allowlist doesn't cover, and entries that cover nothing. */
export function judge(
  findings: readonly Finding[],
  accepted: readonly Accepted[]
): { unreviewed: Finding[]; stale: Accepted[] } {
  const covers = (a: Accepted, f: Finding) => a.check === f.check && a.file === f.file
  return {
    unreviewed: findings.filter((f) => !accepted.some((a) => covers(a, f))),
    stale: accepted.filter((a) => !findings.some((f) => covers(a, f)))
  }
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

export function findingsOf(sarif: Sarif): Finding[] {
  return sarif.runs.flatMap((run) =>
    run.results.map((r) => {
      const loc = r.locations[0]?.physicalLocation
      return {
        check: r.ruleId,
        file: (loc?.artifactLocation.uri ?? '').replace(/\\/g, '/'),
        line: loc?.region?.startLine ?? 0,
        message: r.message.text
      }
    })
  )
}

function scan(root: string): Finding[] {
  const require = createRequire(join(root, 'package.json'))
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
    return findingsOf(JSON.parse(readFileSync(sarif, 'utf8')) as Sarif)
  } finally {
    rmSync(input, { recursive: true, force: true })
  }
}

function main(): number {
  const root = resolve(import.meta.dirname, '..')
  const { accepted } = JSON.parse(
    readFileSync(join(root, 'security/electronegativity-allowlist.json'), 'utf8')
  ) as { accepted: Accepted[] }
  const findings = scan(root)
  const { unreviewed, stale } = judge(findings, accepted)
  console.log(
    `electronegativity: ${findings.length} findings, ${findings.length - unreviewed.length} reviewed in the allowlist`
  )
  for (const f of unreviewed)
    console.error(`  NOT REVIEWED ${f.check} ${f.file}:${f.line} ${f.message}`)
  for (const a of stale)
    console.error(`  STALE allowlist entry ${a.check} ${a.file}: no such finding any more`)
  return unreviewed.length + stale.length === 0 ? 0 : 1
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  process.exitCode = main()
