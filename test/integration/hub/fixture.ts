import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import {
  connectHubDatabase,
  migrateHubDatabase,
  type HubDatabaseKind,
  type HubDb
} from '../../../src-hub/db/connect'
import { startPostgres, type TestPostgres } from '../../helpers/postgres'

/**
 * The hub's suites run once per database: the embedded PGlite in a temporary folder and a
 * throwaway PostgreSQL 15 cluster (test/helpers/postgres.ts), started once per file. Each
 * place a test asks for is new: a folder of its own, or a database of its own on the cluster.
 */
export const HUB_DATABASES: readonly HubDatabaseKind[] = ['embedded', 'postgres']

/** Where one hub database lives: the options connectHubDatabase and the command line take. */
export interface HubPlace {
  kind: HubDatabaseKind
  /** Set for postgres. */
  databaseUrl?: string
  /** Set for embedded. */
  dataDir?: string
  open(): Promise<HubDb>
}

let cluster: Promise<TestPostgres> | undefined
const folders: string[] = []
let counter = 0

/** Registers the file's hooks: the cluster starts at the first postgres place and stops after. */
export function useHubPlaces(): { place(kind: HubDatabaseKind): Promise<HubPlace> } {
  beforeAll(() => {
    counter = 0
  })
  afterAll(async () => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
    const started = cluster
    cluster = undefined
    if (started) await (await started).stop()
  })
  return {
    async place(kind) {
      if (kind === 'embedded') {
        const dir = mkdtempSync(join(tmpdir(), 'staydesk-hub-'))
        folders.push(dir)
        const dataDir = join(dir, 'data')
        return { kind, dataDir, open: () => connectHubDatabase({ dataDir }) }
      }
      cluster ??= startPostgres()
      const databaseUrl = await (await cluster).createDatabase(`hub_${process.pid}_${++counter}`)
      return { kind, databaseUrl, open: () => connectHubDatabase({ databaseUrl }) }
    }
  }
}

/** A new, migrated hub database of `kind`. */
export async function openMigrated(place: HubPlace): Promise<HubDb> {
  const hub = await place.open()
  await migrateHubDatabase(hub.db)
  return hub
}
