/**
 * Command and event names, plain constants. The preload imports only this file, so it stays
 * free of zod and small enough for Electron's sandboxed preload.
 */
export const COMMANDS = ['app:info'] as const
export type CommandName = (typeof COMMANDS)[number]

export const EVENTS = [] as const
export type EventName = (typeof EVENTS)[number]
