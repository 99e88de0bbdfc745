import { join } from 'node:path'
import { windowTitleOf, type ProfileView } from '@shared/profile.schema'
import type { SyncSummary } from '@shared/ipc/sync.schema'
import { createSafeTokenStore, type SecretCipher } from '../auth/token-store'
import { AppError } from '../errors'
import type { Handlers } from '../ipc/register'
import { createProfileStore, DEMO_PROFILE_ID } from '../profiles/profile-store'
import type { SyncExecutor } from '../sync/runner'
import type { SpawnSyncHost } from '../sync/sync-host-protocol'
import { processSyncExecutor } from '../sync/sync-process'
import { quietDeltaFirst } from '../sync/quiet-delta'
import { threadSyncExecutor, type SyncTarget, type TargetOf } from '../sync/sync-worker'
import { utcDateOf } from '@shared/domain/dates'
import { createApiClient } from '../api'
import { askSystem, createNetwork, type ResolveProxy } from '../net'
import { APP_JOURNAL_FILE, openJournal } from '../journal'
import type { AppContext, FileDeps } from './context'
import { keepDemoBookings, type DemoBooking } from './bookings/demo'
import { productionWritesInFlight } from './journal/write'
import { appHandlers } from './app/handlers'
import { journalHandlers } from './journal/handlers'
import { bookingHandlers } from './bookings/handlers'
import { availabilityHandlers } from './availability/handlers'
import { calendarHandlers } from './calendar/handlers'
import { historyHandlers } from './history/handlers'
import { prefHandlers } from './prefs/handlers'
import { quoteHandlers } from './quotes/handlers'
import { referenceHandlers } from './references/handlers'
import { listingHandlers } from './listings/handlers'
import { canSync, profileHandlers } from './profiles/handlers'
import { syncHandlers } from './sync/handlers'
import { watchHandlers } from './watch/handlers'
import { watchOf } from './watch/watch'
import { overviewHandlers } from './overview/handlers'
import { overviewWarmer, WARM_AFTER_OPEN_MS } from './overview/warm'
import { downtimeHandlers } from './downtime/handlers'
import { notifyHandlers } from './notify/handlers'
import { Notifier, type NotifyFn } from './notify/notifier'
import { notifySettingsStore } from './notify/settings-store'
import { toldStore } from './notify/told-store'
import { Connectivity } from './sync/connectivity'
import { startTeamEvents } from './journal/team-events'
import { createActiveMirror } from './profiles/active-mirror'
import { SyncService, type Emit } from './sync/sync-service'

/** Builds the executor that runs one sync, given where each profile's sync goes. */
type SyncExecutorFactory = (targetOf: TargetOf) => SyncExecutor

export interface AppDeps {
  /** Electron's userData in the app; a temporary directory in tests. */
  dataDir: string
  /** electronCipher(safeStorage) in the app; a fake in tests. */
  cipher: SecretCipher
  /** The embedded demo sandbox's URL (a new loopback port every run). */
  demoBaseUrl: () => string
  version: string
  /** The commit and time of the build (electron-vite's define); absent when run from sources. */
  build?: { commit: string | null; builtAt: string | null }
  /** webContents.send in the app; a recorder in tests. */
  emit: Emit
  /**
   * Default: with `syncHost`, each sync in a process of its own (processSyncExecutor), else in
   * worker threads of this process (threadSyncExecutor). Tests and the end-to-end harness may
   * pass `inProcessSyncExecutor`.
   */
  syncExecutor?: SyncExecutorFactory
  /** Starts the sync process: Electron's utility process in the app (utilitySyncHost). */
  syncHost?: SpawnSyncHost
  /** The bundled sync worker (`./sync/sync-worker?modulePath`); the source file otherwise. */
  syncWorkerEntry?: string
  /** better-sqlite3 addon built for Electron (nativeBindingPath); undefined under Node. */
  nativeBinding?: string
  /** Delta sync of the active profile this often; default 5 minutes, 0 disables. */
  periodicSyncMs?: number
  now?: () => number
  /**
   * The main log (logging/openLog's report in the app): a line per sync and per write, and
   * failures that are bugs with their error. Its lines are scrubbed of every token (secrets()).
   */
  log?: (message: string, err?: unknown) => void
  /** The logs folder, where each sync process writes sync.log. */
  logDir?: string
  /** Saving exports and vouchers: Electron's save dialog and printToPDF in the app. */
  files?: FileDeps
  /** The embedded demo service's bookings, kept as the demo profile's recent bookings. */
  demoBookings?: () => readonly DemoBooking[]
  /**
   * The system's proxy settings for an address: `session.defaultSession.resolveProxy` in the
   * app. Every request to the service (and for images) goes the way it answers, the sync's too.
   * Without it (the command line's services, tests), the environment's proxy variables apply.
   */
  resolveProxy?: ResolveProxy
  /**
   * Shows a desktop notification: Electron's Notification in the app (shell/notifications.ts),
   * a recorder in tests. Without it nothing is shown.
   */
  notify?: NotifyFn
  /** False where the system shows no notifications (Notification.isSupported()). */
  notificationsSupported?: boolean
}

/** Without a window (the CLI's tests, integration tests): no file can be chosen or printed. */
const NO_FILES: FileDeps = {
  save: async () => {
    throw new AppError('internal', 'Saving files needs the StayDesk window.')
  },
  printToPdf: async () => {
    throw new AppError('internal', 'Printing needs the StayDesk window.')
  }
}

export interface StayDeskApp {
  handlers: Handlers
  activeProfile(): ProfileView
  /** Name and kind of the active profile, production flagged, for the window title. */
  windowTitle(): string
  /** The start-up sync of the active profile (undefined when none ran, e.g. no token). */
  firstSync: Promise<SyncSummary | undefined>
  /** Settles once the demo's bookings are kept after the first sync (tests wait on it). */
  demoBookingsKept: Promise<void>
  /** Every profile's token, which no log line may hold (the log masks them). */
  secrets(): string[]
  /** Writes to a production service on their way (journal/write.ts): an update's restart waits. */
  productionWritesInFlight(): number
  /** Desktop notifications (deadlines on a timer, the watch's new alerts as they come). */
  notifier: Notifier
  close(): Promise<void>
}

const DEFAULT_PERIODIC_MS = 5 * 60_000

/**
 * The app's services behind the IPC handlers, with no Electron in sight: Electron's pieces come
 * in through `deps`, so the end-to-end harness and the tests run exactly this. On start the
 * active profile's mirror is opened (the Demo profile on a first start) and synced in the
 * background, so a new user opens on a synced portfolio without any set-up.
 */
export async function createApp(deps: AppDeps): Promise<StayDeskApp> {
  const now = deps.now ?? Date.now
  const log = deps.log ?? ((message, err) => console.error(message, err))
  const tokens = createSafeTokenStore(join(deps.dataDir, 'tokens'), deps.cipher)
  const profiles = createProfileStore(deps.dataDir, { demoBaseUrl: deps.demoBaseUrl, tokens })
  const active = createActiveMirror(deps.nativeBinding)
  // One journal for every profile, kept apart from the mirrors: a resync never touches it.
  const journal = await openJournal(join(deps.dataDir, APP_JOURNAL_FILE), {
    nativeBinding: deps.nativeBinding,
    now
  })
  const issue = profiles.startupIssue()
  if (issue) log(`profiles.json was unreadable (${issue.reason}); moved to ${issue.movedTo}`)
  // Said in the window too: a log line alone would leave the user wondering where profiles went.
  const notice = issue
    ? {
        title: 'Your saved profiles could not be read',
        message:
          `StayDesk could not read its list of profiles (${issue.reason}), so it started with ` +
          `the Demo profile only. The unreadable file is kept at ${issue.movedTo}. Add your ` +
          'profiles and their tokens again, or send that file to support.'
      }
    : null

  // Asked per connection (each client asks on its first request), so a changed proxy setting
  // applies from the next operation on, for every profile.
  const network = deps.resolveProxy && createNetwork({ resolveProxy: deps.resolveProxy })
  /**
   * The sync's process can't ask Electron: main asks the system for the service's proxy before
   * each run and hands the answer over in the target, asking as net/network.ts does (the
   * service's origin; a resolver that fails leaves DIRECT, as in Chromium).
   */
  const pacFor = async (baseUrl: string): Promise<string | undefined> =>
    deps.resolveProxy ? askSystem(deps.resolveProxy, new URL(baseUrl)) : undefined
  const targetOf = async (profileId: string): Promise<SyncTarget> => {
    const profile = profiles.get(profileId)
    if (!profile) throw new AppError('not-found', 'This profile no longer exists.')
    const token = profiles.token(profileId)
    if (!token) {
      throw new AppError(
        'unauthorized',
        profile.token.state === 'needs-reentry'
          ? profile.token.explanation
          : 'No token is set for this profile: set one on the Profiles screen, then sync.'
      )
    }
    const pac = await pacFor(profile.baseUrl)
    return {
      baseUrl: profile.baseUrl,
      token,
      salesChannel: profile.salesChannel,
      mirrorFile: profiles.mirrorPath(profileId),
      nativeBinding: deps.nativeBinding,
      ...(pac !== undefined && { pac }),
      // A team profile's sync reads the hub's snapshots for a full sync, and names the hub
      // (not the service) when it is out of reach.
      ...(profile.hubUrl !== undefined && { hub: { url: profile.hubUrl, env: profile.kind } })
    }
  }
  const { syncHost, syncWorkerEntry } = deps
  // A delta with nothing to do is committed on the active mirror without starting the sync
  // process (quiet-delta.ts); that connection is the screens' and the writes' too.
  const openMirrorOf = async (profileId: string) => {
    if (active.profileId() !== profileId) return undefined
    const mirror = await active.get()
    return active.profileId() === profileId ? mirror : undefined
  }
  const overviewWarm = overviewWarmer({ mirrorOf: openMirrorOf, now, log })
  const executorOf =
    deps.syncExecutor ??
    ((t: TargetOf) =>
      syncHost
        ? quietDeltaFirst(
            t,
            processSyncExecutor(t, syncHost, { workerEntry: syncWorkerEntry, logDir: deps.logDir }),
            { mirrorOf: openMirrorOf }
          )
        : threadSyncExecutor(t, syncWorkerEntry))
  // Every call to a profile's service reports whether it got an answer: offline at once.
  const connectivity = new Connectivity(deps.emit)
  const sync = new SyncService({
    executor: executorOf(targetOf),
    emit: deps.emit,
    activeId: () => profiles.active().id,
    now,
    connectivity,
    log
  })

  let queue: Promise<unknown> = Promise.resolve()
  // The team events' wake (below, once they start): told when the active profile changes.
  let wakeTeamEvents: () => void = () => undefined
  const ctx: AppContext = {
    profile: () => profiles.active(),
    journal,
    client: () => {
      const profile = profiles.active()
      const token = profiles.token(profile.id)
      if (!token) {
        throw new AppError(
          'unauthorized',
          profile.token.state === 'needs-reentry'
            ? profile.token.explanation
            : 'No token is set for this profile: set one on the Profiles screen.'
        )
      }
      return connectivity.observe(
        profile.id,
        createApiClient({
          baseUrl: profile.baseUrl,
          token,
          salesChannel: profile.salesChannel,
          network,
          // On a team profile nobody answering is the hub out of reach, and said so.
          ...(profile.hubUrl !== undefined && { via: 'hub' as const })
        })
      )
    },
    network,
    mirror: () => active.get(),
    now,
    today: () => utcDateOf(now()),
    changed: (resources) => deps.emit('db:changed', { resources }),
    journalChanged: (id) => deps.emit('journal:changed', { id }),
    log,
    profiles,
    switchMirror: async (profileId, file) => {
      await active.switchTo(profileId, file)
      wakeTeamEvents()
      overviewWarm.schedule(profileId, WARM_AFTER_OPEN_MS)
    },
    mirrorProfileId: () => active.profileId(),
    sync,
    emit: deps.emit,
    serial: (step) => {
      const next = queue.then(step)
      queue = next.catch(() => undefined)
      return next
    },
    files: deps.files ?? NO_FILES
  }

  // A mirror that can't be opened (written by a newer StayDesk) must not stop the app: the
  // Demo profile opens instead and the other profile's file is left untouched.
  const start = profiles.active()
  try {
    await ctx.switchMirror(start.id, profiles.mirrorPath(start.id))
  } catch (err) {
    if (start.id === DEMO_PROFILE_ID) throw err
    log(`the mirror of profile ${start.id} could not be opened; opening Demo`, err)
    profiles.setActive(DEMO_PROFILE_ID)
    await ctx.switchMirror(DEMO_PROFILE_ID, profiles.mirrorPath(DEMO_PROFILE_ID))
  }
  const firstSync = canSync(ctx, ctx.profile().id)
    ? sync.runInBackground(ctx.profile().id)
    : Promise.resolve(undefined)
  // The demo's bookings join its recent list once its portfolio is there (first start only).
  const demoKept = firstSync
    .then(() => keepDemoBookings(ctx, deps.demoBookings?.() ?? []))
    .catch((err: unknown) => ctx.log('the demo bookings could not be kept', err))
  sync.startPeriodic(deps.periodicSyncMs ?? DEFAULT_PERIODIC_MS)

  // Desktop notifications of the active profile's deadlines (and, told by the watch, alerts).
  const notifySettings = notifySettingsStore(deps.dataDir)
  const notifier = new Notifier({
    settings: notifySettings,
    notify: deps.notify ?? (() => undefined),
    now,
    profile: () => profiles.active(),
    mirror: () => active.get(),
    log,
    madeHere: (bookingId, profileId) =>
      journal
        .list({ action: 'create', outcome: 'done', booking: bookingId, profileId, limit: 1 })
        .items.find((e) => e.bookingId === bookingId)?.answeredAt ?? null,
    toldDeadlines: toldStore(deps.dataDir, log)
  })
  notifier.start()

  // The portfolio watch: a pass on the active mirror after each sync (features/watch).
  const watch = watchOf(ctx, {
    nativeBinding: deps.nativeBinding,
    changed: (newCount) => deps.emit('watch:changed', { newCount })
  })
  sync.onFinished((summary) => watch.afterSync(summary))
  // The demo's bookings are kept after its first sync: a pass then warns about them at once.
  void demoKept.then(() => watch.run()).catch((err: unknown) => log('the watch pass failed', err))
  // A pass's new double-booking warnings and guardrail hits, as desktop notifications.
  watch.onNewAlerts(notifier.alertsFound)
  sync.onFinished((summary) => {
    if (summary.results.length > 0) overviewWarm.schedule(summary.profileId, 0)
  })
  const refreshedAt = new Map<number, number>()
  // In the order of the command domains (channels.ts): one handler set per domain.
  const handlers: Handlers = {
    ...appHandlers(ctx, {
      version: deps.version,
      build: deps.build ?? { commit: null, builtAt: null },
      dataDir: deps.dataDir,
      notice
    }),
    ...profileHandlers(ctx),
    ...syncHandlers(ctx),
    ...listingHandlers(ctx, refreshedAt),
    ...prefHandlers(ctx),
    ...availabilityHandlers(ctx),
    ...calendarHandlers(ctx),
    ...historyHandlers(ctx),
    ...referenceHandlers(ctx),
    ...bookingHandlers(ctx),
    ...quoteHandlers(ctx, refreshedAt),
    ...journalHandlers(ctx),
    ...watchHandlers(ctx),
    ...overviewHandlers(ctx),
    ...downtimeHandlers(ctx),
    ...notifyHandlers(notifySettings, deps.notificationsSupported ?? true, () => {
      void notifier.checkDeadlines()
    })
  }

  // On a team profile, another desk's writes reach this one's journal and bookings at once.
  const teamEvents = startTeamEvents({
    activeProfile: () => profiles.active(),
    token: (id) => profiles.token(id),
    network,
    journalChanged: (id) => deps.emit('journal:changed', { id }),
    changed: (resources) => deps.emit('db:changed', { resources }),
    // A colleague's write updates the copies this desk keeps (its watch and recent lists).
    keptBookings: async (profileId) => (await openMirrorOf(profileId))?.bookings,
    log
  })
  wakeTeamEvents = teamEvents.wake

  return {
    handlers,
    activeProfile: () => profiles.active(),
    windowTitle: () => windowTitleOf(profiles.active()),
    firstSync,
    demoBookingsKept: demoKept.then(() => undefined),
    secrets: () => profiles.list().flatMap((p) => profiles.token(p.id) ?? []),
    productionWritesInFlight,
    notifier,
    close: async () => {
      overviewWarm.close()
      notifier.close()
      await teamEvents.stop()
      await sync.close()
      await watch.close()
      await demoKept
      await ctx.serial(() => active.close())
      journal.close()
    }
  }
}
