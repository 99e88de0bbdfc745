/**
 * Command and event names, plain constants. The preload imports only this file, so it stays
 * free of zod and small enough for Electron's sandboxed preload. Commands are grouped by domain:
 * each group has its slice of the contract (src-shared/ipc/commands/<domain>.ts) and its handlers
 * (src-main/features/<domain>/handlers.ts), and a slice or handler set missing a name of its group,
 * or naming one outside it, is a compile error.
 */
const COMMAND_DOMAINS = {
  app: ['app:info'],
  profiles: [
    'profiles:list',
    'profiles:create',
    'profiles:update',
    'profiles:delete',
    'profiles:activate',
    'profiles:set-token',
    'profiles:clear-token',
    'profiles:test-connection'
  ],
  sync: ['sync:status', 'sync:run', 'sync:cancel', 'sync:quarantine'],
  listings: [
    'listings:search',
    'listings:get',
    'listings:facets',
    'listings:refresh',
    'listings:page',
    'listings:image',
    'listings:export'
  ],
  prefs: ['prefs:get', 'prefs:set'],
  availability: ['availability:search', 'availability:misses', 'availability:live'],
  calendar: ['calendar:months', 'calendar:rules', 'calendar:stay', 'calendar:timeline'],
  history: ['history:list'],
  references: [
    'references:get',
    'references:set',
    'references:preview',
    'references:apply',
    'references:export',
    'references:save-undo'
  ],
  bookings: [
    'bookings:open',
    'bookings:recent',
    'bookings:watch',
    'bookings:cancel-preview',
    'bookings:cancel',
    'bookings:create',
    'bookings:pay',
    'bookings:save-voucher'
  ],
  quotes: ['quotes:ask'],
  journal: ['journal:list', 'journal:settle', 'journal:export'],
  watch: [
    'watch:alerts',
    'watch:set-status',
    'watch:check',
    'watch:rules',
    'watch:set-rules',
    'watch:booking-price'
  ],
  overview: ['overview:get', 'overview:gaps', 'overview:export'],
  downtime: ['downtime:sheet', 'downtime:save-pdf'],
  notify: ['notify:settings', 'notify:set']
} as const

export type CommandDomain = keyof typeof COMMAND_DOMAINS
/** The commands of one domain. */
export type CommandOf<D extends CommandDomain> = (typeof COMMAND_DOMAINS)[D][number]
export type CommandName = CommandOf<CommandDomain>

export const COMMANDS: readonly CommandName[] = Object.values(COMMAND_DOMAINS).flat()

export const EVENTS = [
  'sync:progress',
  'sync:finished',
  'profiles:changed',
  'db:changed',
  'journal:changed',
  'connectivity:changed',
  'app:menu',
  'watch:changed',
  'app:open'
] as const
export type EventName = (typeof EVENTS)[number]
