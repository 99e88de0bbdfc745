/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { inflateRawSync } from 'node:zlib'
import { sql, type Kysely } from 'kysely'

/**
 * Place filters that find a listing by its country, region or city in the local language or in
 * English, by the start of the name, ignoring case and accents ("spa" finds España). Each place
 * gets its English name (for the filters' choices) and a key column: the folded local and
 * English names, one per line. Existing rows are filled from their stored JSON here, so the
 * filters work at once, without waiting for the next sync to rewrite every listing.
 *
 * The folding and the JSON decoding are copied as they were when this migration was written:
 * a migration imports no app code, so a later change there cannot change what it did.
 */
const PLACES = ['country', 'region', 'city'] as const

const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i'
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => SPELLED[c])
    .replace(/\s+/g, ' ')
    .trim()
}

interface Location {
  country?: string
  region?: string
  city?: string
  en?: { country?: string; region?: string; city?: string }
}

function columnsOf(location: Location | undefined): Record<string, string | null> {
  const out: Record<string, string | null> = {}
  for (const p of PLACES) {
    const local = location?.[p]?.trim() || null
    const english = location?.en?.[p]?.trim() || null
    const shown = local ?? english
    out[`${p}_en`] = english && english !== shown ? english : null
    const keys = [shown, english].filter((n): n is string => !!n).map(fold)
    out[`${p}_keys`] = keys.length > 0 ? [...new Set(keys)].join('\n') : null
  }
  return out
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await sql<{ name: string }>`PRAGMA table_info(listings)`.execute(trx)
    const have = new Set(existing.rows.map((c) => c.name))
    for (const p of PLACES) {
      for (const column of [`${p}_en`, `${p}_keys`]) {
        // Re-running after a lost migration record must not fail on an existing column.
        if (!have.has(column)) {
          await sql.raw(`ALTER TABLE listings ADD COLUMN ${column} TEXT`).execute(trx)
        }
      }
    }
    const rows = await sql<{ id: number; json: string | Uint8Array }>`
      SELECT id, json FROM listings`.execute(trx)
    for (const row of rows.rows) {
      const text =
        typeof row.json === 'string' ? row.json : inflateRawSync(row.json).toString('utf8')
      let location: Location | undefined
      try {
        location = (JSON.parse(text) as { location?: Location }).location
      } catch {
        location = undefined
      }
      const c = columnsOf(location)
      await sql`UPDATE listings SET
          country_en = ${c.country_en}, country_keys = ${c.country_keys},
          region_en = ${c.region_en}, region_keys = ${c.region_keys},
          city_en = ${c.city_en}, city_keys = ${c.city_keys}
        WHERE id = ${row.id}`.execute(trx)
    }
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const p of PLACES) {
      for (const column of [`${p}_en`, `${p}_keys`]) {
        await sql.raw(`ALTER TABLE listings DROP COLUMN ${column}`).execute(trx)
      }
    }
  })
}
