/**
 * Command and event names, plain constants. The preload imports only this file, so it stays
 * free of zod and small enough for Electron's sandboxed preload.
 */
export const COMMANDS = [
  'app:info',
  'profiles:list',
  'profiles:create',
  'profiles:update',
  'profiles:delete',
  'profiles:activate',
  'profiles:set-token',
  'profiles:clear-token',
  'profiles:test-connection',
  'sync:status',
  'sync:run',
  'sync:cancel',
  'sync:quarantine',
  'listings:search',
  'listings:get'
] as const
export type CommandName = (typeof COMMANDS)[number]

export const EVENTS = ['sync:progress', 'sync:finished', 'profiles:changed', 'db:changed'] as const
export type EventName = (typeof EVENTS)[number]
