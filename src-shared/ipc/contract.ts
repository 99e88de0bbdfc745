import { z } from 'zod'
import type { Result } from '../errors'
import type { CommandDomain, CommandName, CommandOf, EventName } from './channels'
import { appCommands } from './commands/app'
import { availabilityCommands } from './commands/availability'
import { bookingCommands } from './commands/bookings'
import { calendarCommands } from './commands/calendar'
import type { CommandSpec } from './commands/common'
import { historyCommands } from './commands/history'
import { journalCommands } from './commands/journal'
import { listingCommands } from './commands/listings'
import { prefCommands } from './commands/prefs'
import { profileCommands } from './commands/profiles'
import { quoteCommands } from './commands/quotes'
import { referenceCommands } from './commands/references'
import { syncCommands } from './commands/sync'
import { watchCommands } from './commands/watch'
import { overviewCommands } from './commands/overview'
import { downtimeCommands } from './commands/downtime'
import { notifyCommands } from './commands/notify'
import { DataResource } from './data-resource.schema'
import { SyncProgressEvent, SyncSummary } from './sync.schema'

/**
 * The one IPC contract: every command with its input and output schema, every event with its
 * payload. Main validates each input with these schemas before a handler runs; handlers are
 * typed against the outputs; the renderer gets typed results. Each domain keeps its slice in
 * commands/<domain>.ts; this file only joins them.
 */
export const commands = {
  ...appCommands,
  ...profileCommands,
  ...syncCommands,
  ...listingCommands,
  ...bookingCommands,
  ...quoteCommands,
  ...journalCommands,
  ...prefCommands,
  ...availabilityCommands,
  ...calendarCommands,
  ...historyCommands,
  ...referenceCommands,
  ...watchCommands,
  ...overviewCommands,
  ...downtimeCommands,
  ...notifyCommands
} as const satisfies Record<CommandName, CommandSpec>

/** Compile-time check that the slices hold no command outside channels.ts either. */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const _sameNames: Exactly<keyof typeof commands, CommandName> = true
void _sameNames

export const events = {
  'sync:progress': z.object({ profileId: z.string(), event: SyncProgressEvent }),
  'sync:finished': SyncSummary,
  'profiles:changed': z.object({ activeId: z.string() }),
  /** Data in the active mirror changed: screens re-read what uses these resources. */
  'db:changed': z.object({ resources: z.array(DataResource) }),
  /** A write was recorded in the audit journal (sent, or answered). */
  'journal:changed': z.object({ id: z.string() }),
  /**
   * A call to the profile's service got no answer (offline), or got one again: the header and
   * every data-age line say so at once, not after the next sync.
   */
  'connectivity:changed': z.object({ profileId: z.string(), offline: z.boolean() }),
  /** An item of the native menu that the window carries out (Help › About StayDesk). */
  'app:menu': z.object({ item: z.enum(['about']) }),
  /** The portfolio watch ran after a sync: the Alerts count and screen re-read. */
  'watch:changed': z.object({ newCount: z.number().int().min(0) }),
  /** A desktop notification was clicked: the window opens what it was about. */
  'app:open': z.discriminatedUnion('screen', [
    z.object({ screen: z.literal('bookings'), bookingId: z.string() }),
    z.object({ screen: z.literal('alerts'), alertId: z.number().int() })
  ])
} as const satisfies Record<EventName, z.ZodType>

type Commands = typeof commands
export type CommandInput<C extends CommandName> = z.input<Commands[C]['input']>
export type CommandOutput<C extends CommandName> = z.output<Commands[C]['output']>
/** What a handler receives: the input after main parsed it (defaults applied, text trimmed). */
type ParsedInput<C extends CommandName> = z.output<Commands[C]['input']>
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>

/** A handler per command of one domain (its slice of the contract). */
export type DomainHandlers<D extends CommandDomain> = {
  [C in CommandOf<D>]: (input: ParsedInput<C>) => Promise<CommandOutput<C>>
}

/**
 * What the preload exposes as `window.staydesk`: one function per command, and `on` to
 * subscribe to an event (it returns the unsubscribe function). Nothing else.
 */
export type DesktopApi = {
  [C in CommandName]: (input: CommandInput<C>) => Promise<Result<CommandOutput<C>>>
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}
