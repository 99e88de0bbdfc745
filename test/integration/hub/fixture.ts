import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll } from 'vitest'
import {
  connectHubDatabase,
  migrateHubDatabase,
  type HubDatabaseKind,
  type HubDb
} from '../../../src-hub/db/connect'
import { postgresBin, startPostgres, type TestPostgres } from '../../helpers/postgres'

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

/** Every byte the database keeps: the embedded folder's files (closed first), or pg_dump's text. */
export async function dumpDatabase(place: HubPlace): Promise<string> {
  if (place.dataDir) {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]
      )
    return files(place.dataDir)
      .map((f) => readFileSync(f).toString('latin1'))
      .join('\n')
  }
  const { stdout } = await promisify(execFile)(
    postgresBin('pg_dump'),
    ['--data-only', place.databaseUrl!],
    { maxBuffer: 64 * 1024 * 1024 }
  )
  return stdout
}
