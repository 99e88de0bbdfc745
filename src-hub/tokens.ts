import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { HubRole } from '@shared/domain/hub-roles'
import type { HubDatabase } from './db/schema'
import { HubInputError } from './errors'
import { findUser } from './users'

/**
 * Personal hub tokens: `sdh_<id>_<secret>`, the secret 32 random bytes in base64url. The id
 * finds the row; the row holds only an scrypt hash of the secret with a salt of its own, so a
 * copy of the database (a backup, a dump) gives no working token. The token is shown once, when
 * it is made; a lost one is revoked and another made.
 */

const TOKEN_PREFIX = 'sdh'
const TOKEN = /^sdh_([1-9]\d{0,9})_([A-Za-z0-9_-]{43})$/

/** scrypt's cost: 16 MB and a few tens of milliseconds, paid once per token and process (see Authenticator). */
const SCRYPT = { N: 16384, r: 8, p: 1 } as const
const KEY_BYTES = 32

function formatToken(id: number, secret: string): string {
  return `${TOKEN_PREFIX}_${id}_${secret}`
}

function parseToken(text: string): { id: number; secret: string } | undefined {
  const m = TOKEN.exec(text)
  return m ? { id: Number(m[1]), secret: m[2] } : undefined
}

function scryptKey(secret: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_BYTES, opts, (err, key) => (err ? reject(err) : resolve(key)))
  )
}

/** `scrypt$N$r$p$<salt>$<hash>`: the parameters travel with the hash, so they can change later. */
async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptKey(secret, salt, SCRYPT)
  const { N, r, p } = SCRYPT
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

/** Whether `secret` is the one `stored` was made from; compared in constant time. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [kind, N, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || hash === undefined) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await scryptKey(secret, Buffer.from(salt, 'base64url'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * Number(N) * Number(r)
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

function checkLabel(label: string | undefined): string | null {
  if (label === undefined || label === '') return null
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (label.length > 100 || /[\u0000-\u001f\u007f]/.test(label)) {
    throw new HubInputError('--label: at most 100 characters, on one line')
  }
  return label
}

interface CreatedToken {
  id: number
  /** The whole token: shown once, stored nowhere. */
  token: string
  user: string
}

export async function createToken(
  db: Kysely<HubDatabase>,
  userName: string,
  label?: string
): Promise<CreatedToken> {
  const user = await findUser(db, userName)
  const checkedLabel = checkLabel(label)
  const secret = randomBytes(32).toString('base64url')
  const row = await db
    .insertInto('hub_token')
    .values({ user_id: user.id, secret_hash: await hashSecret(secret), label: checkedLabel })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, token: formatToken(row.id, secret), user: user.name }
}

interface TokenListing {
  id: number
  user: string
  label: string | null
  created_at: Date
  last_used_at: Date | null
  revoked_at: Date | null
}

export async function listTokens(
  db: Kysely<HubDatabase>,
  userName?: string
): Promise<TokenListing[]> {
  const user = userName === undefined ? undefined : await findUser(db, userName)
  let query = db
    .selectFrom('hub_token')
    .innerJoin('hub_user', 'hub_user.id', 'hub_token.user_id')
    .select([
      'hub_token.id',
      'hub_user.name as user',
      'hub_token.label',
      'hub_token.created_at',
      'hub_token.last_used_at',
      'hub_token.revoked_at'
    ])
    .orderBy('hub_token.id')
  if (user) query = query.where('hub_token.user_id', '=', user.id)
  return query.execute()
}

export function parseTokenId(text: string): number {
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2 ** 31 - 1) {
    throw new HubInputError(`token id "${text}": give the number \`tokens list\` shows`)
  }
  return Number(text)
}

/** Revokes a token at once; revoking it again keeps the first time. */
export async function revokeToken(db: Kysely<HubDatabase>, id: number): Promise<TokenListing> {
  const updated = await db
    .updateTable('hub_token')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()
  if (!updated) throw new HubInputError(`no token ${id} on this hub`)
  const [token] = (await listTokens(db)).filter((t) => t.id === id)
  return token
}

export interface HubIdentity {
  userId: number
  name: string
  role: HubRole
  tokenId: number
}

export type Authentication = { ok: true; identity: HubIdentity } | { ok: false; message: string }

const NOT_KNOWN = 'This hub token is not known to this hub: ask an admin of the hub for one'

interface AuthenticatorOptions {
  /** Verified secrets remembered at most (the oldest is forgotten first). */
  maxRemembered?: number
  /** The clock REMEMBER_MS is counted on. */
  now?: () => number
  /** The scrypt check of a secret against its stored hash (tests count the checks). */
  verify?: (secret: string, stored: string) => Promise<boolean>
}

/** How long a verified secret is remembered before scrypt checks it against its row again. */
export const REMEMBER_MS = 10 * 60_000

/**
 * scrypt checks running at once. They run on libuv's thread pool (4 threads), which also
 * gunzips the service's answers: 50 desks starting at once queued 150 checks (each desk's three
 * delta pages arrive together) ahead of every booking read and sync page, which then waited 20 s
 * behind them. Two at a time fill this machine's two cores and leave threads for the rest.
 */
const CHECKS_AT_ONCE = 2

/**
 * Checks presented tokens. scrypt is slow on purpose, and a desk sends its token with every
 * request, so a secret verified once is remembered for a while (REMEMBER_MS), as its SHA-256,
 * against the stored hash it matched; concurrent first requests with one token share one check.
 * The row is still read on every request, so a revoked token or a disabled user stops working
 * at the next request, whichever process revoked it. A wrong secret is never remembered.
 * last_used_at is written at most once a minute per token.
 */
export class Authenticator {
  private readonly verified = new Map<string, { digest: Buffer; until: number }>()
  /** Checks under way, by stored hash and presented digest, so each is made once. */
  private readonly checking = new Map<string, Promise<boolean>>()
  private readonly slots = new Slots(CHECKS_AT_ONCE)

  private readonly maxRemembered: number
  private readonly now: () => number
  private readonly verify: typeof verifySecret

  constructor(
    private readonly db: Kysely<HubDatabase>,
    opts: AuthenticatorOptions = {}
  ) {
    this.maxRemembered = opts.maxRemembered ?? 1000
    this.now = opts.now ?? Date.now
    this.verify = opts.verify ?? verifySecret
  }

  async authenticate(presented: string): Promise<Authentication> {
    const parsed = parseToken(presented)
    if (!parsed) {
      return { ok: false, message: 'That is not a hub token: they look like sdh_<id>_<secret>' }
    }
    const row = await this.db
      .selectFrom('hub_token')
      .innerJoin('hub_user', 'hub_user.id', 'hub_token.user_id')
      .select([
        'hub_token.id',
        'hub_token.secret_hash',
        'hub_token.revoked_at',
        'hub_user.id as user_id',
        'hub_user.name',
        'hub_user.role',
        'hub_user.disabled_at'
      ])
      .where('hub_token.id', '=', parsed.id)
      .executeTakeFirst()
    if (!row || !(await this.matches(parsed.secret, row.secret_hash))) {
      return { ok: false, message: NOT_KNOWN }
    }
    // Only the token's holder gets this far, so saying why it no longer works tells no one else.
    if (row.revoked_at) {
      return {
        ok: false,
        message: `This hub token was revoked on ${row.revoked_at.toISOString()}: ask an admin of the hub for a new one`
      }
    }
    if (row.disabled_at) {
      return {
        ok: false,
        message: `${row.name}'s access to this hub was disabled on ${row.disabled_at.toISOString()}`
      }
    }
    await this.db
      .updateTable('hub_token')
      .set({ last_used_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .where((eb) =>
        eb.or([
          eb('last_used_at', 'is', null),
          eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)
        ])
      )
      .execute()
    return {
      ok: true,
      identity: { userId: row.user_id, name: row.name, role: row.role, tokenId: row.id }
    }
  }

  private async matches(secret: string, stored: string): Promise<boolean> {
    const digest = createHash('sha256').update(secret).digest()
    const known = this.verified.get(stored)
    if (known && known.until > this.now()) return timingSafeEqual(known.digest, digest)
    const key = `${stored}\n${digest.toString('base64')}`
    let check = this.checking.get(key)
    if (!check) {
      check = this.slots.run(() => this.verify(secret, stored))
      this.checking.set(key, check)
      void check.finally(() => this.checking.delete(key)).catch(() => undefined)
    }
    if (!(await check)) return false
    if (!this.verified.has(stored) && this.verified.size >= this.maxRemembered) {
      this.verified.delete(this.verified.keys().next().value!)
    }
    this.verified.set(stored, { digest, until: this.now() + REMEMBER_MS })
    return true
  }
}

/** At most `size` tasks at once; the others wait their turn, first come first served. */
class Slots {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((go) => this.waiting.push(go))
    else this.running++
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}
