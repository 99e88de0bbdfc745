import type { ConnectionVerdict } from '@shared/profile.schema'
import type { ProfileView } from '@shared/profile.schema'
import type { AppErrorCode } from '@shared/errors'
import { ApiError, createApiClient } from '../../api'
import { toAppError } from '../../errors'
import type { Network } from '../../net'
import { hubClientOf } from '../../profiles/hub-client'
import type { HubWhoami } from '@shared/hub/answers'

/** What each failure means for the person on the Profiles screen, and what to do next. */
const VERDICTS: Partial<Record<AppErrorCode, string>> = {
  unauthorized: 'The token was refused (401): set a new token.',
  forbidden:
    'The token was accepted but this access was refused (403): check the sales channel and ' +
    "the token's rights with the service.",
  offline: 'The service could not be reached: check the address or your connection.',
  timeout: 'The service did not answer in time: try again, or check the address.',
  'not-found':
    'The address answered, but not as the distribution service (404): check the base URL.',
  'rate-limited': 'The service is busy (rate limited): try again in a minute.',
  'server-error': 'The service answered with an internal error: try again later.',
  'bad-response': 'The address answered, but not as the distribution service: check the base URL.'
}

/** The same, for a profile that connects through the team's hub with a personal hub token. */
const HUB_VERDICTS: Partial<Record<AppErrorCode, string>> = {
  unauthorized:
    'The team hub did not accept this hub token (401): set the personal token (sdh_…) your ' +
    "hub's admin made for you.",
  forbidden: 'The team hub accepted the token but refused this access (403): ask its admin.',
  offline: 'The team hub could not be reached: check its address or your connection.',
  timeout: 'The team hub did not answer in time: try again, or check its address.',
  'not-found': 'The address answered, but not as a StayDesk team hub (404): check the address.',
  'server-error': 'The team hub answered with an internal error: try again later.',
  'bad-response': 'The address answered, but not as a StayDesk team hub: check the address.'
}

/** A failed test's verdict: what `verdicts` says the error's code means, or its own sentence. */
function failureVerdict(
  err: unknown,
  verdicts: Partial<Record<AppErrorCode, string>>,
  elapsed: () => number
): ConnectionVerdict {
  const { code, message } = toAppError(err)
  // Only an answer has a latency: a refused connection or a timeout did not answer at all.
  const answered = err instanceof ApiError && err.status !== undefined
  // A refusal by this computer's network set-up (an untrusted certificate, a proxy that
  // refuses or can't be reached) already names its cause and who can fix it; "check the
  // address" would mislead.
  const ownCause = err instanceof ApiError && err.localNetwork === true
  return {
    ok: false,
    code,
    verdict: ownCause ? message : (verdicts[code] ?? message),
    ...(answered ? { latencyMs: elapsed() } : {})
  }
}

const QUICK = { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000 }

/**
 * A hub profile's test asks the hub who its token is (whoami): the hub's answer is the one a
 * team member needs ("am I in, and as what?"); the service behind it is the hub's business.
 * `onSignedIn` keeps the role for the window.
 */
async function testHubConnection(
  profile: ProfileView & { hubUrl: string },
  token: string,
  elapsed: () => number,
  network: Network | undefined,
  onSignedIn: ((who: HubWhoami) => void) | undefined
): Promise<ConnectionVerdict> {
  let hub: ReturnType<typeof hubClientOf> | undefined
  try {
    hub = hubClientOf(profile, token, { timeouts: QUICK, network })
    const who = await hub.whoami()
    onSignedIn?.(who)
    return {
      ok: true,
      verdict: `Signed in to the team hub as ${who.user} (${who.role}).`,
      latencyMs: elapsed()
    }
  } catch (err) {
    return failureVerdict(err, HUB_VERDICTS, elapsed)
  } finally {
    await hub?.close().catch(() => undefined)
  }
}

/**
 * A cheap authenticated call (one page of one listing, for its total count) against the
 * profile's service with its own token. Never throws: every outcome is a verdict. No retries
 * and short timeouts, because the person is waiting for an answer to "does this work?".
 */
export async function testConnection(
  profile: ProfileView,
  token: string | undefined,
  now: () => number = Date.now,
  network?: Network,
  onSignedIn?: (who: HubWhoami) => void
): Promise<ConnectionVerdict> {
  const started = now()
  const elapsed = () => Math.max(0, Math.round(now() - started))
  if (!token) {
    const why =
      profile.token.state === 'needs-reentry'
        ? profile.token.explanation
        : 'No token is set for this profile: set one first.'
    return { ok: false, code: 'unauthorized', verdict: why }
  }
  if (profile.hubUrl !== undefined) {
    return testHubConnection(
      { ...profile, hubUrl: profile.hubUrl },
      token,
      elapsed,
      network,
      onSignedIn
    )
  }
  let client: ReturnType<typeof createApiClient> | undefined
  try {
    client = createApiClient({
      baseUrl: profile.baseUrl,
      token,
      salesChannel: profile.salesChannel,
      timeouts: QUICK,
      retry: { maxAttempts: 1 },
      network
    })
    const listings = await client.totalListings()
    const latencyMs = elapsed()
    const visible =
      listings === 1 ? '1 listing is' : `${listings.toLocaleString('en')} listings are`
    return {
      ok: true,
      verdict: `Connected: ${visible} visible to sales channel ${profile.salesChannel}.`,
      listings,
      latencyMs
    }
  } catch (err) {
    return failureVerdict(err, VERDICTS, elapsed)
  } finally {
    await client?.close().catch(() => undefined)
  }
}
