import { readFileSync } from 'node:fs'

/**
 * The process's peak resident memory, bytes. On Linux this is VmHWM, the high-water mark of the
 * process's own memory. getrusage's maxRSS is not: it keeps the parent's resident size from the
 * fork that starts a child process (it survives the exec), so a sync started from a large
 * process reported that process's size (473 MB from the benchmark's process, whose sandbox
 * holds the portfolio, for a sync whose own peak was 408 MB).
 */
export function peakRss(): number {
  if (process.platform === 'linux') {
    try {
      const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
      if (kb) return Number(kb) * 1024
    } catch {
      // /proc not mounted: fall back to getrusage.
    }
  }
  return process.resourceUsage().maxRSS * 1024
}
