import { z } from 'zod'
import { CARD_IN_TEXT, holdsCardNumber } from './domain/card'
import { HUB_ROLES } from './domain/hub-roles'
import { AppErrorCode } from './errors'

/**
 * A profile as the renderer sees it: which service a StayDesk window talks to, as which sales
 * channel. The token itself never appears here (checklist K4); only its TokenStatus does.
 */

export const PROFILE_KINDS = ['demo', 'test', 'production'] as const
export type ProfileKind = (typeof PROFILE_KINDS)[number]

/**
 * How a test or production profile reaches the service: directly, or through the team's hub
 * (src-shared/hub/address.ts), whose address is then the profile's base URL and whose personal
 * token (`sdh_…`) its token. A profile saved before hubs existed has no field: the service.
 */
const PROFILE_CONNECTIONS = ['service', 'hub'] as const
export type ProfileConnection = (typeof PROFILE_CONNECTIONS)[number]

const IPV4_LOOPBACK =
  /^127\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)$/

/**
 * Whether `host` (a URL's `hostname`) is this computer: 127.0.0.0/8, `localhost` or `[::1]`.
 * Deliberately narrow: `*.localhost`, `localhost.` and IPv4-mapped IPv6 are refused, because
 * whether they reach loopback depends on the resolver, and plain http is only safe if it does.
 * WHATWG URL parsing already folds `127.1` and `2130706433` into `127.0.0.1`.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase()
  return h === 'localhost' || h === '[::1]' || h === '::1' || IPV4_LOOPBACK.test(h)
}

/**
 * The service's base URL, normalized without a trailing slash. Credentials, queries and
 * fragments are refused: the base is joined with endpoint paths, and userinfo in a URL is the
 * classic way to make `https://example.com@evil.test` look like `example.com`.
 */
const baseUrl = z
  .string()
  .trim()
  .min(1, 'Base URL is required')
  .max(2000, 'Base URL must be at most 2,000 characters')
  .transform((text, ctx) => {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'Base URL must be a full URL like https://host/path'
      })
      return z.NEVER
    }
    const problem = baseUrlProblem(url)
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem })
      return z.NEVER
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  })

function baseUrlProblem(url: URL): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'Base URL must start with https://'
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return 'Base URL must use https:// (plain http is allowed only for localhost, 127.x.x.x and [::1])'
  }
  if (url.username || url.password) return 'Base URL must not contain a user name or password'
  if (url.search || url.hash) return 'Base URL must not contain ? or #'
  return undefined
}

/**
 * Same rule as the API's `salesChannelId`, with a message that names the field for the form.
 * Channel ids are upper case ("STG1"), whatever was typed.
 */
const salesChannel = z
  .string()
  .trim()
  .toUpperCase()
  .length(4, 'Sales channel must be exactly 4 characters')

/** An empty brand field in the form means "no brand", not an invalid brand. */
const salesBrand = z
  .string()
  .trim()
  .max(60, 'Sales brand must be at most 60 characters')
  .refine((s) => !holdsCardNumber(s), `Sales brand ${CARD_IN_TEXT}`)
  .optional()
  .transform((s) => (s ? s : undefined))

/**
 * What the user types on the Profiles screen. The demo kind exists for display and storage; the
 * profile store refuses to create or edit one, because its URL and token belong to the embedded
 * sandbox, which the app starts on a fresh loopback port every run.
 */
export const ProfileInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name must not be empty')
    .max(60, 'Name must be at most 60 characters')
    // The name is written to the profiles file and every log line of its syncs.
    .refine((s) => !holdsCardNumber(s), `Name ${CARD_IN_TEXT}`),
  kind: z.enum(PROFILE_KINDS, { error: 'Kind must be demo, test or production' }),
  connection: z
    .enum(PROFILE_CONNECTIONS, { error: 'Connection must be the service or a team hub' })
    .optional(),
  baseUrl,
  salesChannel,
  salesBrand
})
export type ProfileInput = z.input<typeof ProfileInput>

export const Profile = ProfileInput.extend({
  /** App-generated (a UUID, or `demo`); also a file name, hence the narrow alphabet. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Profile id is invalid'),
  /** ISO 8601 instants. */
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime()
})
export type Profile = z.output<typeof Profile>

const TOKEN_STATES = ['set', 'missing', 'session-only', 'needs-reentry'] as const
const TOKEN_STORAGES = ['os-encrypted', 'weak-encrypted', 'session', 'none'] as const

/** Everything the UI may know about a token: never the token, at most its last 4 characters. */
export const TokenStatus = z.object({
  state: z.enum(TOKEN_STATES),
  /** Last 4 characters, so the user can tell which token is configured. */
  last4: z.string().max(4).optional(),
  /** `os-encrypted`: key in the OS key store; `weak-encrypted`: Linux basic_text, opted into. */
  storage: z.enum(TOKEN_STORAGES),
  /** The safeStorage backend the token was (or would be) encrypted with, e.g. gnome_libsecret. */
  backend: z.string().optional(),
  /** One sentence for the Profiles screen. */
  explanation: z.string()
})
export type TokenStatus = z.infer<typeof TokenStatus>

/**
 * One row of the Profiles screen. `baseUrl` is where the service's interface is reached (a hub
 * profile's `<hub>/<env>`); `hubUrl`, only on a hub profile, the hub's address as typed; `hubRole`
 * the role the hub said its token has, once a connection test or sign-in asked it.
 */
export const ProfileView = Profile.extend({
  active: z.boolean(),
  token: TokenStatus,
  hubUrl: z.string().optional(),
  hubRole: z.enum(HUB_ROLES).optional(),
  hubUser: z.string().optional()
})
export type ProfileView = z.output<typeof ProfileView>

/**
 * The window title for the active profile, the same in main (the native title) and in the
 * renderer (document.title): production is spelled out so it cannot be missed.
 */
export function windowTitleOf(profile: { name: string; kind: ProfileKind }): string {
  if (profile.kind === 'production') return `StayDesk — ${profile.name} — PRODUCTION`
  return `StayDesk — ${profile.name} (${profile.kind})`
}

/** What testing a profile's connection found (profiles:test-connection). */
export const ConnectionVerdict = z.object({
  ok: z.boolean(),
  /** One sentence for the Profiles screen: what happened and what to do next. */
  verdict: z.string(),
  code: AppErrorCode.optional(),
  listings: z.number().int().optional(),
  /** How long the service took to answer; absent when no answer arrived. */
  latencyMs: z.number().optional()
})
export type ConnectionVerdict = z.infer<typeof ConnectionVerdict>
