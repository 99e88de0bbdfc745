import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../src-main/api/errors'
import { isRetryable } from '../../../../src-main/api/retry'
import { networkRefusal, transportError } from '../../../../src-main/api/transport-errors'
import type { Route } from '../../../../src-main/net'

/**
 * The sentences for refusals by this computer's own network, from errors shaped as Node and
 * undici throw them (the integration tests in test/integration/net make the real ones).
 */

const nodeError = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(code), { code, ...extra })
const DIRECT: Route = { target: 'api.example', certain: true }
const SYSTEM_PROXY: Route = {
  target: 'api.example',
  certain: true,
  proxy: { name: 'proxy.corp:3128', host: 'proxy.corp', port: 3128, secure: false }
}
const ENV_PROXY: Route = {
  target: 'api.example',
  certain: false,
  proxy: {
    name: 'proxy.corp:3128',
    host: 'proxy.corp',
    port: 3128,
    secure: false,
    variable: 'HTTPS_PROXY'
  }
}
const WRITE = { unknownMessage: 'unknown', unverifiedMessage: 'unverified' }

describe('certificates this computer does not trust', () => {
  it.each([
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'CERT_HAS_EXPIRED',
    'ERR_TLS_CERT_ALTNAME_INVALID'
  ])('%s: a specific sentence, never retried, not a bug', (code) => {
    const err = transportError(nodeError(code), undefined, undefined, false, DIRECT)
    expect(err.code).toBe('offline')
    expect(err.message).toMatch(/^The service's certificate is not trusted by this computer: /)
    expect(err.message).toContain("organisation's root certificate")
    expect(err.detail).toBe(code)
    expect(isRetryable(err)).toBe(false)
  })

  it('says why: expired, another address, or an unknown authority', () => {
    const why = (code: string) => transportError(nodeError(code), undefined, undefined, false)
    expect(why('CERT_HAS_EXPIRED').message).toMatch(/it has expired.*date and time/)
    expect(why('ERR_TLS_CERT_ALTNAME_INVALID').message).toMatch(/issued for another address/)
    expect(why('SELF_SIGNED_CERT_IN_CHAIN').message).toMatch(
      /authority this computer does not trust/
    )
  })

  it('a write refused by a certificate was not sent: no unknown outcome', () => {
    const err = transportError(nodeError('SELF_SIGNED_CERT_IN_CHAIN'), undefined, WRITE, false)
    expect(err.code).toBe('offline')
    expect(err.message).toMatch(/not trusted by this computer/)
  })

  it("an HTTPS proxy's own certificate (undici's UND_ERR_PRX_TLS) names the proxy", () => {
    const wrapped = Object.assign(new Error('secure proxy'), {
      code: 'UND_ERR_PRX_TLS',
      cause: nodeError('ERR_TLS_CERT_ALTNAME_INVALID')
    })
    const err = networkRefusal(wrapped, SYSTEM_PROXY)
    expect(err?.message).toMatch(/^The certificate of the proxy at proxy\.corp:3128 is not trusted/)
  })
})

describe('proxies that refuse', () => {
  const tunnel = (status: number) =>
    Object.assign(new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`), {
      code: 'UND_ERR_ABORTED',
      name: 'AbortError'
    })

  it('407 from the system proxy: no sign-in possible, ask IT; never retried', () => {
    const err = networkRefusal(tunnel(407), SYSTEM_PROXY) as ApiError
    expect(err.message).toMatch(
      /^The proxy at proxy\.corp:3128 \(set in this computer's proxy settings\) refused the connection to api\.example: it asks for a proxy sign-in \(407\)/
    )
    expect(isRetryable(err)).toBe(false)
  })

  it('a 502 from the proxy may be the service being down: retried like an outage', () => {
    const err = networkRefusal(tunnel(502), ENV_PROXY) as ApiError
    expect(err.message).toMatch(/could not connect to api\.example \(502\)/)
    expect(isRetryable(err)).toBe(true)
  })

  it('a refused connection is the proxy only when it was the proxy address that refused', () => {
    const atProxy = nodeError('ECONNREFUSED', { address: 'proxy.corp', port: 3128 })
    const atService = nodeError('ECONNREFUSED', { address: '10.0.0.9', port: 443 })
    expect(networkRefusal(atProxy, ENV_PROXY)?.message).toMatch(
      /^The proxy at proxy\.corp:3128 \(set in HTTPS_PROXY\) can't be reached/
    )
    // NO_PROXY may have sent this one direct: the service's own refusal keeps its sentence.
    expect(networkRefusal(atService, ENV_PROXY)).toBeUndefined()
    expect(
      networkRefusal(nodeError('ENOTFOUND', { hostname: 'proxy.corp' }), ENV_PROXY)?.message
    ).toMatch(/its name is not known/)
  })

  it('a reset on an open tunnel during a write stays an unknown outcome', () => {
    const err = transportError(nodeError('ECONNRESET'), undefined, WRITE, false, SYSTEM_PROXY)
    expect(err.code).toBe('outcome-unknown')
  })

  it('without a proxy on the route, a tunnel error is not blamed on one', () => {
    expect(networkRefusal(tunnel(407), DIRECT)).toBeUndefined()
  })
})
