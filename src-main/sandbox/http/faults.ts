/**
 * Injected failures, so clients can be tested against what real networks and gateways do. One
 * seeded draw per matching request picks at most one fault; the same seed and request order
 * give the same faults. Only `truncate`, `commitThenDrop` and `commitThen5xx` run the handler first
 * (the request takes effect); every other fault answers before the request reaches the store.
 */

import { mulberry32 } from '../state/prng'

export interface FaultOptions {
  seed?: number
  /** Milliseconds added before every matching request is handled. */
  latencyMs?: number
  /** Probability of a 500, 502 or 503, answered before the request reaches the store. */
  error5xx?: number
  /** The status of every 5xx fault (default: 500, 502 or 503, drawn per request). */
  errorStatus?: 500 | 502 | 503
  /** Probability of a 429 with Retry-After. */
  rateLimit?: number
  retryAfterSeconds?: number
  /** Probability that the socket is destroyed before any response. */
  drop?: number
  /** Probability that the full Content-Length is announced but half the body is sent. */
  truncate?: number
  /** Probability of a 200 HTML page instead of the answer. */
  garbage?: number
  /**
   * Probability (POST /v1/booking, /v1/booking/{id}/pay and /v1/booking/{guest|pm}/cancel only)
   * that the store applies the request, then the socket is destroyed.
   */
  commitThenDrop?: number
  /**
   * Probability (the same writes) that the store applies the request, then a 5xx is answered in
   * place of the store's answer: a gateway whose upstream timed out after the write was made.
   * For a write, a 5xx does not say the write was not made.
   */
  commitThen5xx?: number
  /**
   * Probability that the request waits, not yet applied and unanswered, until the faults are next
   * set (`setFaults`), then is handled without a fault: a write on its way for as long as a test
   * needs, without a timer.
   */
  hold?: number
  /** Regular expression a request path must match to be affected (default: all paths). */
  paths?: string
}

type FaultKind =
  '5xx' | '429' | 'drop' | 'truncate' | 'garbage' | 'commitThenDrop' | 'commitThen5xx' | 'hold'

export interface FaultDecision {
  latencyMs: number
  kind: FaultKind | undefined
  /** Status for `5xx` and `commitThen5xx`: 500, 502 or 503. */
  status: number
  retryAfterSeconds: number
}

export const NO_FAULT: FaultDecision = {
  latencyMs: 0,
  kind: undefined,
  status: 0,
  retryAfterSeconds: 0
}
/** The writes whose answer can be lost after they took effect: create, pay and cancel. */
const COMMITTING = /^\/v1\/booking(\/[^/]+\/pay|\/(guest|pm)\/cancel)?$/

export class Faults {
  private options: FaultOptions | null = null
  private paths: RegExp | undefined
  private random: () => number = Math.random
  private release = (): void => undefined
  /** Settles when the faults are next set: what held requests wait for. */
  released: Promise<void> = Promise.resolve()

  constructor(options: FaultOptions | null = null) {
    this.set(options)
  }

  set(options: FaultOptions | null): void {
    this.release()
    this.released = new Promise((resolve) => (this.release = resolve))
    this.options = options
    this.paths = options?.paths ? new RegExp(options.paths) : undefined
    this.random = mulberry32(options?.seed ?? 1).next
  }

  decide(method: string, path: string): FaultDecision {
    const o = this.options
    if (!o || (this.paths && !this.paths.test(path))) return NO_FAULT
    const draw = this.random()
    const committing = method === 'POST' && COMMITTING.test(path)
    const table: [FaultKind, number | undefined][] = [
      ['5xx', o.error5xx],
      ['429', o.rateLimit],
      ['drop', o.drop],
      ['truncate', o.truncate],
      ['garbage', o.garbage],
      ['commitThenDrop', committing ? o.commitThenDrop : 0],
      ['commitThen5xx', committing ? o.commitThen5xx : 0],
      ['hold', o.hold]
    ]
    let kind: FaultKind | undefined
    let edge = 0
    for (const [name, p] of table) {
      edge += p ?? 0
      if (draw < edge) {
        kind = name
        break
      }
    }
    // Drawn even when pinned, so pinning the status leaves the other draws of a seed as they were.
    const drawn = [500, 502, 503][Math.floor(this.random() * 3)]
    const status = o.errorStatus ?? drawn
    return {
      latencyMs: o.latencyMs ?? 0,
      kind,
      status,
      retryAfterSeconds: o.retryAfterSeconds ?? 1
    }
  }
}

const SPEC_KEYS: Record<string, keyof FaultOptions> = {
  seed: 'seed',
  latency: 'latencyMs',
  '5xx': 'error5xx',
  status: 'errorStatus',
  '429': 'rateLimit',
  retryAfter: 'retryAfterSeconds',
  drop: 'drop',
  truncate: 'truncate',
  garbage: 'garbage',
  commitThenDrop: 'commitThenDrop',
  commitThen5xx: 'commitThen5xx',
  hold: 'hold',
  paths: 'paths'
}

/**
 * Parses the CLI form `latency=50,5xx=0.1,429=0.05,drop=0.05,seed=7` (`commitThen5xx=1,status=503`:
 * every create, pay and cancel is made, then answered 503); throws on bad input.
 */
export function parseFaultSpec(spec: string): FaultOptions {
  const options: Record<string, number | string> = {}
  for (const part of spec.split(',').filter((p) => p.trim())) {
    const [key, value] = part.split('=').map((s) => s.trim())
    const name = SPEC_KEYS[key]
    if (!name)
      throw new Error(`faults: unknown key "${key}" (known: ${Object.keys(SPEC_KEYS).join(', ')})`)
    if (name === 'paths') {
      options[name] = value
      continue
    }
    const n = Number(value)
    if (name === 'errorStatus') {
      if (![500, 502, 503].includes(n)) throw new Error(`faults: ${key} must be 500, 502 or 503`)
      options[name] = n
      continue
    }
    const probability = !['seed', 'latencyMs', 'retryAfterSeconds'].includes(name)
    if (value === undefined || !Number.isFinite(n) || n < 0 || (probability && n > 1)) {
      throw new Error(
        `faults: ${key} must be ${probability ? 'a probability from 0 to 1' : 'a number ≥ 0'}`
      )
    }
    options[name] = n
  }
  return options as FaultOptions
}
