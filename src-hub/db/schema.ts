import type { ColumnType, Generated, Selectable } from 'kysely'
import type { HubRole } from '@shared/domain/hub-roles'

/**
 * The hub's tables as Kysely sees them (migrations/ makes them). Times are timestamptz, read
 * as Date; ids are identity integers the database draws.
 */

/** A time the database sets by default on insert and that is read as a Date. */
type CreatedAt = ColumnType<Date, Date | undefined, never>

interface HubUserTable {
  id: Generated<number>
  name: string
  role: HubRole
  created_at: CreatedAt
  disabled_at: Date | null
}

interface HubTokenTable {
  id: Generated<number>
  user_id: number
  /** `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64url): never the token. */
  secret_hash: string
  label: string | null
  created_at: CreatedAt
  last_used_at: Date | null
  revoked_at: Date | null
}

export interface HubDatabase {
  hub_user: HubUserTable
  hub_token: HubTokenTable
}

export type HubUserRow = Selectable<HubUserTable>
