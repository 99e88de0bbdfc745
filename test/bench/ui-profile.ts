import type { CDPSession } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join, resolve } from 'node:path'
import { fmt } from './stats'

/**
 * STAYDESK_BENCH_UI_PROFILE=<folder>: a screen's measured run recorded as two CPU profiles, the
 * page's (Chromium's profiler through CDP) and this process's (main's handlers run here), saved
 * as .cpuprofile files (open them in Chromium's DevTools) with each one's heaviest functions by
 * self time printed. Off by default: profiling slows what it watches, so its run's figures are
 * not the bench's.
 */

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}

interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

/** The functions with the most self time, as "name (file:line) ms". */
function heaviest(profile: CpuProfile, top: number): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) {
    const node = byNode.get(samples[i])
    if (!node) continue
    const f = node.callFrame
    const file = f.url.split('/').pop() ?? ''
    const key = `${f.functionName || '(anonymous)'} (${file}:${f.lineNumber + 1})`
    // A sample's time is the gap to the next one.
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${fmt(v)} ms ${k}`)
}

/** Runs `run` under both profilers when the variable is set, otherwise just runs it. */
export async function profiled<T>(cdp: CDPSession, name: string, run: () => Promise<T>) {
  const folder = process.env.STAYDESK_BENCH_UI_PROFILE
  if (!folder) return run()
  const dir = resolve(folder)
  mkdirSync(dir, { recursive: true })
  const here = new Session()
  here.connect()
  await here.post('Profiler.enable')
  await here.post('Profiler.setSamplingInterval', { interval: 200 })
  await here.post('Profiler.start')
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  try {
    return await run()
  } finally {
    const page = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile
    const main = (await here.post('Profiler.stop')).profile as unknown as CpuProfile
    here.disconnect()
    for (const [side, profile] of [
      ['page', page],
      ['main', main]
    ] as const) {
      const file = join(dir, `${name}-${side}.cpuprofile`)
      writeFileSync(file, JSON.stringify(profile))
      console.log(`  ${side} profile: ${file}; heaviest by self time:`)
      for (const line of heaviest(profile, 25)) console.log(`    ${line}`)
    }
  }
}
