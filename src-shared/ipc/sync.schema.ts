import { z } from 'zod'
import { AppErrorCode } from '../errors'

/**
 * The sync across IPC: where each resource of the offline copy stands, a run's summary and its
 * progress events, and the records put in quarantine. Main builds these from the mirror and the
 * sync engine; its handlers are type-checked against them.
 */

export const SYNC_RESOURCES = ['listings', 'availability', 'rates'] as const

export const SyncResourceName = z.enum(SYNC_RESOURCES)
export type SyncResourceName = z.infer<typeof SyncResourceName>

const ErrorAt = z.object({ code: AppErrorCode, message: z.string(), at: z.number() })

export const ResourceStatus = z.object({
  resource: SyncResourceName,
  /** 'never' until a first sync has committed anything. */
  phase: z.enum(['never', 'full', 'delta']),
  lastSuccessAt: z.number().nullable(),
  /** Milliseconds since the last successful sync, null when never synced. */
  dataAgeMs: z.number().nullable(),
  records: z.number().int(),
  quarantined: z.number().int(),
  lastError: ErrorAt.nullable()
})
export type ResourceStatus = z.infer<typeof ResourceStatus>

export const SyncStatus = z.object({
  profileId: z.string(),
  running: z.boolean(),
  /** The service could not be reached on the last attempt; the mirror still answers. */
  offline: z.boolean(),
  /**
   * Where the profile's copy is synced from and whom `offline` is about: the service, or on a
   * team profile its team hub. Absent: the service.
   */
  via: z.enum(['service', 'hub']).optional(),
  resources: z.array(ResourceStatus)
})
export type SyncStatus = z.infer<typeof SyncStatus>

export const ResourceSyncResult = z.object({
  resource: SyncResourceName,
  mode: z.enum(['full', 'delta', 'full+delta']),
  pages: z.number().int(),
  records: z.number().int(),
  changed: z.number().int(),
  quarantined: z.number().int(),
  /**
   * The saved point to resume an interrupted full download from was refused by the service
   * (404 or 410), so the download started over; what was saved before is kept.
   */
  restarted: z.boolean().optional()
})
export type ResourceSyncResult = z.infer<typeof ResourceSyncResult>

export const SyncSummary = z.object({
  profileId: z.string(),
  full: z.boolean(),
  startedAt: z.number(),
  finishedAt: z.number(),
  results: z.array(ResourceSyncResult),
  errors: z.array(z.object({ resource: SyncResourceName, code: AppErrorCode, message: z.string() }))
})
export type SyncSummary = z.infer<typeof SyncSummary>

export const SyncProgressEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    resource: SyncResourceName,
    mode: z.enum(['full', 'delta'])
  }),
  z.object({
    type: z.literal('page'),
    resource: SyncResourceName,
    mode: z.enum(['full', 'delta']),
    /** Pages and valid records of this walk so far. */
    pagesDone: z.number().int(),
    recordsDone: z.number().int(),
    quarantined: z.number().int(),
    /**
     * Records of this walk whose stored copy changed (new ones included). A catch-up pass reads
     * again every record changed within its overlap before the download began; those it finds
     * identical are not changes (a desk joining a hub right after the hub's own sync re-reads
     * them all).
     */
    changed: z.number().int().nonnegative().optional(),
    /** Records the walk will bring in all (the service's X-Total-Count), when known. */
    total: z.number().int().optional(),
    /**
     * A changes-only walk right after a full download in the same run, picking up what changed
     * while it ran: a continuation of that run, not a new start (its counts are its own).
     */
    catchUp: z.boolean().optional()
  }),
  z.object({ type: z.literal('done'), resource: SyncResourceName, result: ResourceSyncResult }),
  z.object({
    type: z.literal('error'),
    resource: SyncResourceName,
    code: AppErrorCode,
    message: z.string()
  })
])
export type SyncProgressEvent = z.infer<typeof SyncProgressEvent>

export const QuarantinedRecordView = z.object({
  resource: SyncResourceName,
  recordId: z.string().optional(),
  path: z.string(),
  code: z.string(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  count: z.number().int()
})
