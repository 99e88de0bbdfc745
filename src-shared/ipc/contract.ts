import { z } from 'zod'
import { Listing } from '../api/listing.schema'
import { ProfileInput, ProfileView, TokenStatus, PROFILE_KINDS } from '../profile.schema'
import type { Result } from '../errors'
import type { CommandName, EventName } from './channels'
import {
  ConnectionVerdict,
  ListingSearchInput,
  ListingSummary,
  QuarantinedRecordView,
  SyncProgressEvent,
  SyncResourceName,
  SyncStatus,
  SyncSummary
} from './views.schema'

/**
 * The one IPC contract: every command with its input and output schema, every event with its
 * payload. Main validates each input with these schemas before a handler runs; handlers are
 * typed against the outputs; the renderer gets typed results. The token only ever travels
 * renderer → main (set-token); no output carries it.
 */

const none = z.object({}).strict()
const profileId = z.object({ id: z.string().min(1).max(100) }).strict()
const tokenInput = z
  .string()
  .trim()
  .min(8, 'must be at least 8 characters')
  .max(4096, 'is too long')
  .regex(/^[\x21-\x7e]+$/, 'must be one line of visible characters')

export const AppInfo = z.object({
  version: z.string(),
  dataDir: z.string(),
  profile: z.object({ id: z.string(), name: z.string(), kind: z.enum(PROFILE_KINDS) }),
  /** Something found at start-up that the user must know about (an unreadable profiles file). */
  notice: z.object({ title: z.string(), message: z.string() }).nullable()
})
export type AppInfo = z.infer<typeof AppInfo>

export const commands = {
  'app:info': { input: none, output: AppInfo },
  'profiles:list': {
    input: none,
    output: z.object({ profiles: z.array(ProfileView), activeId: z.string() })
  },
  'profiles:create': {
    input: z
      .object({
        profile: ProfileInput,
        token: tokenInput.optional(),
        acceptWeakStorage: z.boolean().optional()
      })
      .strict(),
    output: ProfileView
  },
  'profiles:update': {
    input: z.object({ id: z.string().min(1), profile: ProfileInput }).strict(),
    output: ProfileView
  },
  'profiles:delete': { input: profileId, output: z.object({ leftoverFiles: z.array(z.string()) }) },
  'profiles:activate': { input: profileId, output: ProfileView },
  'profiles:set-token': {
    input: z
      .object({
        id: z.string().min(1),
        token: tokenInput,
        acceptWeakStorage: z.boolean().optional()
      })
      .strict(),
    output: TokenStatus
  },
  'profiles:clear-token': { input: profileId, output: TokenStatus },
  'profiles:test-connection': { input: profileId, output: ConnectionVerdict },
  'sync:status': { input: none, output: SyncStatus },
  'sync:run': { input: z.object({ full: z.boolean().optional() }).strict(), output: SyncSummary },
  'sync:cancel': { input: none, output: z.object({ cancelled: z.boolean() }) },
  'sync:quarantine': {
    input: z
      .object({
        resource: SyncResourceName.optional(),
        limit: z.number().int().min(1).max(1000).optional()
      })
      .strict(),
    output: z.array(QuarantinedRecordView)
  },
  'listings:search': {
    input: ListingSearchInput,
    output: z.object({ total: z.number().int(), items: z.array(ListingSummary) })
  },
  'listings:get': {
    input: z.object({ id: z.number().int().positive() }).strict(),
    output: Listing.nullable()
  }
} as const satisfies Record<CommandName, { input: z.ZodType; output: z.ZodType }>

export const events = {
  'sync:progress': z.object({ profileId: z.string(), event: SyncProgressEvent }),
  'sync:finished': SyncSummary,
  'profiles:changed': z.object({ activeId: z.string() }),
  /** Data in the active mirror changed: screens re-read what uses these resources. */
  'db:changed': z.object({ resources: z.array(SyncResourceName) })
} as const satisfies Record<EventName, z.ZodType>

export type Commands = typeof commands
export type CommandInput<C extends CommandName> = z.input<Commands[C]['input']>
export type CommandOutput<C extends CommandName> = z.output<Commands[C]['output']>
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>

/**
 * What the preload exposes as `window.staydesk`: one function per command, and `on` to
 * subscribe to an event (it returns the unsubscribe function). Nothing else.
 */
export type DesktopApi = {
  [C in CommandName]: (input: CommandInput<C>) => Promise<Result<CommandOutput<C>>>
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}
