import type { Kysely } from 'kysely'
import { HUB_ROLES, isHubRole, type HubRole } from '@shared/domain/hub-roles'
import type { HubDatabase, HubUserRow } from './db/schema'
import { HubInputError } from './errors'

/**
 * The hub's users: added, listed, given another role and disabled from the command line, never
 * deleted (the journal will name them). Names are compared whatever their case.
 */

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/

function checkUserName(name: string): string {
  if (!NAME.test(name)) {
    throw new HubInputError(
      `user name "${name}": use 1 to 64 letters, digits, dots, dashes, underscores or @, ` +
        'starting with a letter or digit'
    )
  }
  return name
}

export function parseRole(value: string): HubRole {
  if (!isHubRole(value)) {
    throw new HubInputError(`unknown role "${value}": the roles are ${HUB_ROLES.join(', ')}`)
  }
  return value
}

/** PostgreSQL's unique_violation, from pg and from PGlite alike. */
function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505'
}

export async function findUser(db: Kysely<HubDatabase>, name: string): Promise<HubUserRow> {
  const user = await db
    .selectFrom('hub_user')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst()
  if (!user) throw new HubInputError(`no user named "${name}" on this hub`)
  return user
}

export async function addUser(
  db: Kysely<HubDatabase>,
  name: string,
  role: HubRole
): Promise<HubUserRow> {
  checkUserName(name)
  try {
    return await db
      .insertInto('hub_user')
      .values({ name, role })
      .returningAll()
      .executeTakeFirstOrThrow()
  } catch (err) {
    if (isUniqueViolation(err)) {
      const taken = await findUser(db, name)
      throw new HubInputError(`a user named "${taken.name}" is already on this hub`)
    }
    throw err
  }
}

export async function listUsers(db: Kysely<HubDatabase>): Promise<HubUserRow[]> {
  return db.selectFrom('hub_user').selectAll().orderBy('id').execute()
}

export async function setUserRole(
  db: Kysely<HubDatabase>,
  name: string,
  role: HubRole
): Promise<HubUserRow> {
  const user = await findUser(db, name)
  return db
    .updateTable('hub_user')
    .set({ role })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Disables a user: every token of theirs stops working at once. Disabling twice keeps the first time. */
export async function disableUser(db: Kysely<HubDatabase>, name: string): Promise<HubUserRow> {
  const user = await findUser(db, name)
  if (user.disabled_at) return user
  return db
    .updateTable('hub_user')
    .set((eb) => ({ disabled_at: eb.fn('now') }))
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow()
}
