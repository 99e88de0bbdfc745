import type { SyncSummary } from '@shared/ipc/sync.schema'
import {
  DEFAULT_GUARDRAILS,
  GuardrailRules,
  type Alert,
  type AlertStatus
} from '@shared/watch/alert.schema'
import type { AlertCheck } from '@shared/ipc/commands/watch'
import type { Mirror } from '../../db'
import type { ProfileContext } from '../context'
import { alertNotFound, checkAlert } from './check'
import { lastRunAt, runWatchPass, type PassResult } from './pass'
import { WatchStore, type AlertQuery } from './store'

/**
 * The portfolio watch of the profile whose mirror is open (issue 23): a pass after every sync,
 * the alerts it keeps (in the kept store: a resync never undoes a dismissal), the rules a
 * manager sets, and the live check. One WatchStore per open mirror file, reopened when the
 * active profile changes. Passes run one at a time, after the sync has finished (never inside
 * its time), and each tells listeners about the alerts it added.
 */

/** New alerts of a pass, for notifications (H4 subscribes with onNewAlerts). */
export type NewAlertsListener = (alerts: Alert[], profileId: string) => void

export interface WatchDeps {
  /** better-sqlite3 addon built for Electron; undefined under Node. */
  nativeBinding?: string
  /** After a pass that added or ended alerts: 'watch:changed' with the count of new ones. */
  changed?: (newCount: number) => void
}

export interface WatchContext extends ProfileContext {
  /** Whose mirror is open (the app's context); undefined: the context's own profile. */
  mirrorProfileId?(): string | undefined
}

const RULES = 'rules'

/** The profile's guardrails as a manager saved them, else the defaults. */
export function savedRules(store: WatchStore): GuardrailRules {
  const saved = GuardrailRules.safeParse(store.state(RULES))
  return saved.success ? saved.data : DEFAULT_GUARDRAILS
}

export class Watch {
  private store: WatchStore | undefined
  private storeMirror: Mirror | undefined
  private opening: Promise<WatchStore | undefined> | undefined
  private queue: Promise<unknown> = Promise.resolve()
  private readonly listeners = new Set<NewAlertsListener>()
  private closed = false

  constructor(
    private readonly ctx: WatchContext,
    private readonly deps: WatchDeps = {}
  ) {}

  /**
   * Called on every 'sync:finished': a pass on the active mirror once the sync has let go,
   * full when any resource was downloaded in full. Failures are logged, never thrown: a watch
   * that could not run leaves the sync as it was.
   */
  afterSync(summary: SyncSummary): void {
    const profileId = summary.profileId
    const active = this.ctx.mirrorProfileId?.() ?? this.ctx.profile().id
    if (profileId !== active || summary.results.length === 0) return
    const full = summary.results.some((r) => r.mode !== 'delta')
    void this.run({ full }).catch((err: unknown) =>
      this.ctx.log(`the watch pass after a sync of profile ${profileId} failed`, err)
    )
  }

  /** Runs a pass now (after any pass already running); undefined for a mirror in memory. */
  run(opts: { full?: boolean } = {}): Promise<PassResult | undefined> {
    const next = this.queue.then(async () => {
      const store = await this.storeNow()
      if (!store) return undefined
      const result = await runWatchPass(store, {
        now: this.ctx.now(),
        today: this.ctx.today(),
        rules: this.rulesOf(store),
        full: opts.full
      })
      if (result.added.length > 0 || result.ended > 0) this.deps.changed?.(store.counts().new)
      if (result.added.length > 0 && this.listeners.size > 0) {
        const alerts = result.added.flatMap((id) => store.get(id) ?? [])
        for (const listener of this.listeners) {
          try {
            listener(alerts, this.ctx.profile().id)
          } catch (err) {
            this.ctx.log('a listener of new alerts failed', err)
          }
        }
      }
      return result
    })
    this.queue = next.catch(() => undefined)
    return next
  }

  /** Subscribes to the alerts each pass adds; answers the unsubscribe. */
  onNewAlerts(listener: NewAlertsListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async list(q: AlertQuery): Promise<{
    items: Alert[]
    total: number
    counts: { new: number; seen: number; dismissed: number }
    lastRunAt: number | null
  }> {
    // A pass on its way (a sync just finished) is waited for: the list is never one pass behind.
    await this.queue
    const store = await this.storeNow()
    if (!store) {
      return { items: [], total: 0, counts: { new: 0, seen: 0, dismissed: 0 }, lastRunAt: null }
    }
    return { ...store.list(q), counts: store.counts(), lastRunAt: lastRunAt(store) }
  }

  async setStatus(ids: readonly number[], status: AlertStatus): Promise<number> {
    await this.queue
    const store = await this.storeNow()
    if (!store) return 0
    const changed = store.setStatus(ids, status)
    if (changed > 0) this.deps.changed?.(store.counts().new)
    return changed
  }

  async rules(): Promise<GuardrailRules> {
    await this.queue
    const store = await this.storeNow()
    return store ? this.rulesOf(store) : DEFAULT_GUARDRAILS
  }

  /** Saves the profile's rules and runs a pass over every listing with them. */
  async setRules(rules: GuardrailRules): Promise<void> {
    await this.queue
    const store = await this.storeNow()
    if (!store) return
    store.setState(RULES, GuardrailRules.parse(rules))
    await this.run({ full: true })
  }

  async check(id: number): Promise<AlertCheck> {
    await this.queue
    const store = await this.storeNow()
    const alert = store?.get(id)
    if (!alert) throw alertNotFound(id)
    return checkAlert(this.ctx, alert)
  }

  /**
   * Lets go of a profile's files once its mirror is closed (a profile switched away from): the
   * store holds the mirror and the kept store open, which Windows would not let be deleted.
   * Call before deleting a profile's files; the next command opens the active one again.
   */
  async release(): Promise<void> {
    await this.queue
    if (this.store && this.storeMirror && !this.storeMirror.isOpen()) {
      this.store.close()
      this.store = undefined
      this.storeMirror = undefined
    }
  }

  async close(): Promise<void> {
    this.closed = true
    await this.queue
    this.store?.close()
    this.store = undefined
  }

  private rulesOf(store: WatchStore): GuardrailRules {
    return savedRules(store)
  }

  /**
   * The store of the mirror open now: reopened after a profile switch. Callers wait for the
   * queue first, so a pass in progress never has its store closed under it.
   */
  private async storeNow(): Promise<WatchStore | undefined> {
    if (this.closed) return undefined
    const mirror: Mirror = await this.ctx.mirror()
    if (mirror.keptFile === ':memory:' || mirror.file === ':memory:') return undefined
    // The mirror object, not its path: a rebuilt mirror (a resync) has the same file name.
    if (this.store && this.storeMirror === mirror) return this.store
    this.opening ??= (async () => {
      this.store?.close()
      this.store = undefined
      const store = await WatchStore.open(mirror.file, mirror.keptFile, this.deps.nativeBinding)
      this.store = store
      this.storeMirror = mirror
      return store
    })().finally(() => (this.opening = undefined))
    return this.opening
  }
}

const watches = new WeakMap<WatchContext, Watch>()

/**
 * The context's one Watch, made on first use: create-app.ts makes it first with the Electron
 * addon and the 'watch:changed' event, and the handlers find the same one.
 */
export function watchOf(ctx: WatchContext, deps?: WatchDeps): Watch {
  let watch = watches.get(ctx)
  if (!watch) {
    watch = new Watch(ctx, deps)
    watches.set(ctx, watch)
  }
  return watch
}
