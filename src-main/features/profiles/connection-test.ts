import type { ConnectionVerdict } from '@shared/profile.schema'
import type { ProfileView } from '@shared/profile.schema'
import type { AppErrorCode } from '@shared/errors'
import { ApiError, createApiClient } from '../../api'
import { toAppError } from '../../errors'
import type { Network } from '../../net'

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

/**
 * A cheap authenticated call (one page of one listing, for its total count) against the
 * profile's service with its own token. Never throws: every outcome is a verdict. No retries
 * and short timeouts, because the person is waiting for an answer to "does this work?".
 */
export async function testConnection(
  profile: ProfileView,
  token: string | undefined,
  now: () => number = Date.now,
  network?: Network
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
  let client: ReturnType<typeof createApiClient> | undefined
  try {
    client = createApiClient({
      baseUrl: profile.baseUrl,
      token,
      salesChannel: profile.salesChannel,
      timeouts: { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000 },
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
      verdict: ownCause ? message : (VERDICTS[code] ?? message),
      ...(answered ? { latencyMs: elapsed() } : {})
    }
  } finally {
    await client?.close().catch(() => undefined)
  }
}
