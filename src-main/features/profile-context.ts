import type { DataResource } from '@shared/ipc/views.schema'
import type { ApiClient } from '../api'
import type { Mirror } from '../db'
import type { AuditJournal } from '../journal/types'
import type { Network } from '../net'

/**
 * What the support desk's operations need, and nothing more: whose profile they act for, its
 * service, its offline copy, the audit journal, and where to say that something changed. The app
 * builds one from its core (create-app.ts); the command line builds one from its options, so a
 * cancel from a terminal is sent, journaled and read back exactly as one from the window.
 */
export interface DeskProfile {
  id: string
  name: string
  kind: string
  baseUrl: string
  salesChannel: string
  salesBrand?: string
}

export interface DeskContext {
  profile(): DeskProfile
  journal: AuditJournal
  /** A client for the profile's service with its token; the caller closes it. */
  client(): ApiClient
  /**
   * How requests leave this computer (the system's proxy settings in the app), for those made
   * without client(): listing images, a connection test. Undefined: the environment's proxy
   * variables (the command line).
   */
  network?: Network
  /** The profile's offline copy (kept bookings, listings, rates). */
  mirror(): Promise<Mirror>
  now(): number
  /** Today's date in UTC (YYYY-MM-DD), as the service's rules count days. */
  today(): string
  /** Data of the offline copy changed: screens re-read it (nothing to do in a terminal). */
  changed(resources: DataResource[]): void
  /** A write was recorded in the journal. */
  journalChanged(id: string): void
  log(message: string, err?: unknown): void
}
