import type { Resource } from '../types'

/**
 * When each resource of each listing last changed (Unix seconds) and a version counter per
 * resource and listing. Indexed by the listing's position, so 10,000 listings cost a few
 * typed arrays, and a delta query is one scan in id order.
 */
export class ChangeLog {
  private readonly changedAt: Record<Resource, Float64Array>
  private readonly versions: Record<Resource, Uint32Array>

  constructor(
    private readonly ids: readonly number[],
    private readonly indexOf: (id: number) => number,
    initial: (index: number) => number
  ) {
    const times = (): Float64Array => Float64Array.from(ids, (_, i) => initial(i))
    this.changedAt = { listings: times(), availability: times(), rates: times() }
    const n = ids.length
    this.versions = {
      listings: new Uint32Array(n),
      availability: new Uint32Array(n),
      rates: new Uint32Array(n)
    }
  }

  mark(resource: Resource, id: number, atSeconds: number): void {
    const i = this.indexOf(id)
    if (i < 0) return
    this.changedAt[resource][i] = atSeconds
    this.versions[resource][i]++
  }

  /** Inclusive of `sinceSeconds`: a client that re-reads from its last start time sees overlap, never a gap. */
  since(resource: Resource, sinceSeconds: number): number[] {
    const times = this.changedAt[resource]
    const out: number[] = []
    for (let i = 0; i < times.length; i++) if (times[i] >= sinceSeconds) out.push(this.ids[i])
    return out
  }

  version(resource: Resource, id: number): number {
    const i = this.indexOf(id)
    return i < 0 ? 0 : this.versions[resource][i]
  }
}
