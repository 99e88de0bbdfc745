import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fmt, median, ms, report } from './stats'

const ROOT = join(import.meta.dirname, '../..')
const BIN = join(ROOT, 'bin/staydesk.mjs')
/** The target for `staydesk --help` on a quiet machine. */
const TARGET_MS = 500

/** One run of `node ...args`, its output thrown away; wall time in ms. */
function time(args: string[]): number {
  const started = process.hrtime.bigint()
  const run = spawnSync(process.execPath, args, { stdio: 'ignore' })
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status}`)
  return ms(started)
}

/**
 * How long `staydesk --help` takes to start and answer, beside `node -e 0` (Node starting and
 * doing nothing) measured in the same run, turn about, so both see the same machine load. The
 * bundle is built first, so no run includes a build.
 */
export async function benchCli(runs = 21): Promise<void> {
  const build = await import('../../scripts/build-cli.mjs')
  await build.freshBundle()
  time([BIN, '--help']) // warms the file cache
  const help: number[] = []
  const bare: number[] = []
  for (let i = 0; i < runs; i++) {
    bare.push(time(['-e', '0']))
    help.push(time([BIN, '--help']))
  }
  const m = median(help)
  const b = median(bare)
  report(
    `cli start: staydesk --help (median of ${runs})`,
    `${fmt(m)} ms`,
    `node -e 0 ${fmt(b)} ms`,
    m / b,
    `under ${TARGET_MS} ms`,
    m < TARGET_MS
  )
  const status: number[] = []
  for (let i = 0; i < Math.min(runs, 9); i++) status.push(time([BIN, '--version']))
  report(
    `cli start: staydesk --version (median of ${status.length})`,
    `${fmt(median(status))} ms`,
    `node -e 0 ${fmt(b)} ms`,
    median(status) / b,
    '',
    undefined
  )
}
