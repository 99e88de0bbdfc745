import { isUnreachable } from '@shared/errors'
import type { ApiClient } from '../../api'
import { ApiError } from '../../api'
import { AppError } from '../../errors'
import type { Emit } from './sync-service'

/**
 * What one call to a profile's service told us about reaching it:
 * - `reached`: the service answered (a success, or its own refusal or failure with a status);
 * - `unreachable`: no answer came (offline, timed out, the connection lost on the way);
 * - `unknown`: nothing about the network (cancelled, refused here before sending, a bug).
 */
export type Reach = 'reached' | 'unreachable' | 'unknown'

export function reachOf(err: unknown): Reach {
  if (!(err instanceof AppError)) return 'unknown'
  if (isUnreachable(err.code)) return 'unreachable'
  if (err instanceof ApiError) {
    if (err.status !== undefined) return 'reached'
    // A write whose connection broke after it was sent: no answer came, whatever happened there.
    if (err.code === 'outcome-unknown') return 'unreachable'
  }
  return 'unknown'
}

/**
 * Whether each profile's service can be reached right now, as the last call that learnt
 * anything about it found: any call (a sync, a booking read, a quote, a live check, a cancel, a
 * connection test) that got no answer marks the profile offline at once, and the next one that
 * got an answer clears it. Each change is sent to the window as 'connectivity:changed', so the
 * header and every data-age line say so without waiting for the next sync.
 */
export class Connectivity {
  private readonly offline = new Map<string, boolean>()

  constructor(private readonly emit: Emit) {}

  isOffline(profileId: string): boolean {
    return this.offline.get(profileId) ?? false
  }

  /** Records what a call found; `unknown` changes nothing. */
  note(profileId: string, reach: Reach): void {
    if (reach === 'unknown') return
    const offline = reach === 'unreachable'
    if (this.isOffline(profileId) === offline) return
    this.offline.set(profileId, offline)
    this.emit('connectivity:changed', { profileId, offline })
  }

  /** A deleted profile: nothing more to say about its service. */
  forget(profileId: string): void {
    this.offline.delete(profileId)
  }

  /**
   * The same client, each call's outcome recorded for `profileId`: the one place that sees every
   * call the features make, so no handler has to remember to report what it found.
   */
  observe(profileId: string, client: ApiClient): ApiClient {
    const seen = <T>(call: Promise<T>): Promise<T> =>
      call.then(
        (value) => {
          this.note(profileId, 'reached')
          return value
        },
        (err: unknown) => {
          this.note(profileId, reachOf(err))
          throw err
        }
      )
    const observed = { ...client } as Record<string, unknown>
    for (const [name, fn] of Object.entries(client) as [keyof ApiClient, unknown][]) {
      if (typeof fn !== 'function' || name === 'close' || name === 'pages') continue
      observed[name] = (...args: unknown[]) =>
        seen((fn as (...a: unknown[]) => Promise<unknown>).apply(client, args))
    }
    observed.pages = (...args: Parameters<ApiClient['pages']>) =>
      this.observePages(profileId, client.pages(...args))
    return observed as unknown as ApiClient
  }

  private async *observePages<T>(profileId: string, pages: AsyncIterable<T>): AsyncIterable<T> {
    try {
      for await (const page of pages) {
        this.note(profileId, 'reached')
        yield page
      }
    } catch (err) {
      this.note(profileId, reachOf(err))
      throw err
    }
  }
}
