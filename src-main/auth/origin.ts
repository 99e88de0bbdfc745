import { isLoopbackHost } from '@shared/profile.schema'

/** A request would have carried a profile's token somewhere other than that profile's service. */
export class TokenOriginError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TokenOriginError'
  }
}

/**
 * Throws unless `requestUrl` is on the same origin (scheme, host, port) as the profile's base
 * URL, so a `next` link, a redirect target or a mistyped endpoint can never receive the Bearer
 * token (checklist K5/K7, H9). Origins are compared after URL parsing, never as string prefixes:
 * `https://example.com@evil.test` is host `evil.test`, and `https://example.com.evil.test` is not
 * `https://example.com`. Plain http is accepted only on loopback, the same rule as the profile
 * form, so a hand-edited profiles file can't downgrade the token to cleartext either.
 */
export function assertTokenOrigin(profileBaseUrl: string, requestUrl: string): void {
  const base = parse(profileBaseUrl, 'profile base URL')
  const target = parse(requestUrl, 'request URL')
  if (target.username || target.password) {
    throw new TokenOriginError('request URL must not contain a user name or password')
  }
  // Non-http(s) URLs all have the opaque origin "null", which would compare equal.
  for (const url of [base, target]) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new TokenOriginError(`token refused for ${url.protocol} URL`)
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      throw new TokenOriginError(`token refused over plain http to ${url.host}`)
    }
  }
  if (base.origin !== target.origin) {
    throw new TokenOriginError(
      `token for ${base.origin} refused for a request to ${target.origin || 'another origin'}`
    )
  }
}

function parse(text: string, what: string): URL {
  try {
    return new URL(text)
  } catch {
    // The URL itself is not echoed: a malformed one may have a token pasted into it.
    throw new TokenOriginError(`${what} is not a valid URL`)
  }
}
