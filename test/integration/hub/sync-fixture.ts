import { sql } from 'kysely'
import { expect } from 'vitest'
import { SYNC_RESOURCES, type SyncResourceName } from '@shared/ipc/sync.schema'
import type { ApiClient } from '../../../src-main/api'
import { CATALOG_TABLES } from '../../../src-hub/catalog/tables'
import type { HubDb } from '../../../src-hub/db/connect'
import { readCursor } from '../../../src-hub/sync/store'

/** What the hub's sync tests check of its database after a failure: records and cursors. */

/** The test environment's records of `resource` the hub holds, by listing id, parsed. */
export async function rowsOf(
  hub: HubDb,
  resource: SyncResourceName
): Promise<Map<number, unknown>> {
  const { rows } = await sql<{ id: string; body: string }>`
    SELECT listing_id::text AS id, body::text AS body FROM ${sql.table(CATALOG_TABLES[resource])}
    WHERE env = 'test'`.execute(hub.db)
  return new Map(rows.map((r) => [Number(r.id), JSON.parse(r.body) as unknown]))
}

/** The hub holds every record of the service, each equal to the service's, and nothing else. */
export async function expectHubEqualsService(
  hub: HubDb,
  client: ApiClient,
  listings: number
): Promise<void> {
  for (const resource of SYNC_RESOURCES) {
    const service = new Map<number, unknown>()
    for await (const page of client.pages(resource)) {
      for (const item of page.items as { id?: number; listingId?: number }[]) {
        service.set((item.id ?? item.listingId)!, item)
      }
    }
    expect(service.size).toBe(listings)
    expect(await rowsOf(hub, resource), resource).toEqual(service)
  }
}

/** Every cursor agrees with what is committed: a full walk's count is the rows held. */
export async function expectCursorsMatchRows(hub: HubDb, listings: number): Promise<void> {
  for (const resource of SYNC_RESOURCES) {
    const cursor = await readCursor(hub.db, 'test', resource)
    const held = (await rowsOf(hub, resource)).size
    if (cursor?.phase === 'full') expect(held, resource).toBe(cursor.recordsDone)
    else if (cursor?.phase === 'delta') expect(held, resource).toBe(listings)
    else expect(held, resource).toBe(0)
  }
}
