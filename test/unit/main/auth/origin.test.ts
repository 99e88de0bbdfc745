import { describe, expect, it } from 'vitest'
import { assertTokenOrigin, TokenOriginError } from '../../../../src-main/auth/origin'

const base = 'https://api.example.com/v1'

describe('the token goes only to its own profile origin', () => {
  it.each([
    'https://api.example.com/v1/listings?page=2',
    'https://api.example.com/other/path',
    'https://API.EXAMPLE.COM:443/v1/listings',
    'https://api.example.com/'
  ])('allows %s', (url) => {
    expect(() => assertTokenOrigin(base, url)).not.toThrow()
  })

  it.each([
    ['another host', 'https://evil.test/v1/listings'],
    ['a look-alike suffix', 'https://api.example.com.evil.test/v1'],
    ['userinfo that looks like the host', 'https://api.example.com@evil.test/v1'],
    ['userinfo on the right host', 'https://user:pw@api.example.com/v1'],
    ['another port', 'https://api.example.com:8443/v1'],
    ['another scheme', 'http://api.example.com/v1'],
    ['a sub-domain', 'https://eu.api.example.com/v1'],
    ['a protocol-relative string', '//evil.test/v1'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/plain,hi'],
    ['garbage', 'not a url']
  ])('refuses %s', (_case, url) => {
    expect(() => assertTokenOrigin(base, url)).toThrow(TokenOriginError)
  })

  it('compares non-http URLs as refused, not as equal "null" origins', () => {
    expect(() => assertTokenOrigin('foo://a', 'foo://b')).toThrow(/foo:/)
  })

  it('keeps loopback profiles on their own port', () => {
    expect(() =>
      assertTokenOrigin('http://127.0.0.1:4010', 'http://127.0.0.1:4010/listings')
    ).not.toThrow()
    expect(() => assertTokenOrigin('http://127.0.0.1:4010', 'http://127.0.0.1:4011/')).toThrow(
      TokenOriginError
    )
    expect(() => assertTokenOrigin('http://localhost:4010', 'http://127.0.0.1:4010/')).toThrow(
      TokenOriginError
    )
  })

  it('refuses plain http to a remote host even when the profile says so', () => {
    expect(() => assertTokenOrigin('http://api.example.com', 'http://api.example.com/x')).toThrow(
      /plain http/
    )
  })

  it('does not echo a malformed URL, which may hold a pasted token', () => {
    expect(() => assertTokenOrigin(base, 'https://[secret-token-value')).toThrow(
      /^request URL is not a valid URL$/
    )
  })
})
