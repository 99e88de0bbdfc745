import type Database from 'better-sqlite3'
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery
} from 'kysely'
import type { MirrorDatabase } from './schema'

/**
 * Queries typed by schema.ts and run synchronously. Kysely builds and types a query (its
 * columns, its optional filters, the shape of its rows) and compiles it to SQL with `?`
 * parameters; better-sqlite3 runs the compiled text, as every other statement of the mirror
 * runs, so a mirror method stays synchronous (Kysely's own execution is async). The builder has
 * no connection: it only compiles.
 */
export const typed = new Kysely<MirrorDatabase>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler()
  }
})

/**
 * A filtered list compiles to one text per combination of the filters given (a few dozen at
 * most), so each connection keeps its prepared statements by text; past this many it starts
 * again rather than grow.
 */
const MAX_CACHED = 256
const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>()

function prepared(sqlite: Database.Database, text: string): Database.Statement {
  let byText = cache.get(sqlite)
  if (!byText) cache.set(sqlite, (byText = new Map()))
  let stmt = byText.get(text)
  if (!stmt) {
    if (byText.size >= MAX_CACHED) byText.clear()
    byText.set(text, (stmt = sqlite.prepare(text)))
  }
  return stmt
}

/** Every row of a compiled query, typed as Kysely inferred them. */
export function allRows<R>(sqlite: Database.Database, query: CompiledQuery<R>): R[] {
  return prepared(sqlite, query.sql)
    .pluck(false)
    .all(...query.parameters) as R[]
}

/** The first column of the first row (a count, say). */
export function firstValue<V>(
  sqlite: Database.Database,
  query: CompiledQuery<Record<string, V>>
): V {
  return prepared(sqlite, query.sql)
    .pluck(true)
    .get(...query.parameters) as V
}
