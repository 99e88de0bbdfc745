import { ApiError } from './errors'

/** Hosts that never leave this computer, where plain http cannot expose the token. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

export interface ServiceAddress {
  /** scheme://host[:port], the only place the token may go. */
  origin: string
  /** origin plus any path prefix, without a trailing slash; paths like /v1/... are appended. */
  root: string
}

/**
 * Checked when a client is created, so a wrong profile fails at once with a clear sentence
 * instead of sending the token in clear text over the network on its first call.
 */
export function checkBaseUrl(baseUrl: string): ServiceAddress {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new ApiError('bad-input', 'The service address of this profile is not a valid URL.')
  }
  if (url.username || url.password) {
    throw new ApiError('bad-input', 'The service address must not contain a user name or password.')
  }
  if (url.protocol === 'http:') {
    if (!LOOPBACK.has(url.hostname) && !/^127\.\d+\.\d+\.\d+$/.test(url.hostname)) {
      throw new ApiError(
        'bad-input',
        'The service address must start with https://. Plain http:// is only allowed for ' +
          'this computer (127.0.0.1, localhost or [::1]), because it would expose the access token.'
      )
    }
  } else if (url.protocol !== 'https:') {
    throw new ApiError('bad-input', 'The service address must start with https://.')
  }
  if (url.search || url.hash) {
    throw new ApiError('bad-input', 'The service address must not contain "?" or "#" parts.')
  }
  const prefix = url.pathname.replace(/\/+$/, '')
  return { origin: url.origin, root: `${url.origin}${prefix}` }
}

/** Header values cannot carry control characters; checked up front with a sentence that hides it. */
export function checkToken(token: string): void {
  if (!token || !/^[\x21-\x7e]+$/.test(token)) {
    throw new ApiError(
      'bad-input',
      'The access token of this profile is empty or contains characters that cannot be sent.'
    )
  }
}
