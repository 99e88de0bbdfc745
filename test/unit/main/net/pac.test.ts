import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../src-main/api/errors'
import { parsePac, proxyFromPac } from '../../../../src-main/net/pac'

/** The answers Chromium's resolver gives (session.resolveProxy), as the routes StayDesk takes. */

describe('parsePac', () => {
  it('reads each entry in order, with default ports and IPv6 brackets kept', () => {
    expect(parsePac('PROXY proxy.corp:8080; HTTPS secure.corp; SOCKS5 s:1080; DIRECT')).toEqual([
      { kind: 'proxy', protocol: 'http:', host: 'proxy.corp', port: 8080 },
      { kind: 'proxy', protocol: 'https:', host: 'secure.corp', port: 443 },
      { kind: 'unsupported', text: 'SOCKS5 s:1080' },
      { kind: 'direct' }
    ])
    expect(parsePac('proxy [::1]:3128')).toEqual([
      { kind: 'proxy', protocol: 'http:', host: '[::1]', port: 3128 }
    ])
    expect(parsePac('HTTP Proxy.Corp')).toEqual([
      { kind: 'proxy', protocol: 'http:', host: 'proxy.corp', port: 80 }
    ])
  })

  it('an empty answer is DIRECT; malformed entries are unusable, not guessed', () => {
    expect(parsePac('')).toEqual([{ kind: 'direct' }])
    expect(parsePac(' ; ')).toEqual([{ kind: 'direct' }])
    expect(parsePac('PROXY')).toEqual([{ kind: 'unsupported', text: 'PROXY' }])
    expect(parsePac('PROXY a:99999')).toEqual([{ kind: 'unsupported', text: 'PROXY a:99999' }])
    expect(parsePac('PROXY http://a:1')).toEqual([
      { kind: 'unsupported', text: 'PROXY http://a:1' }
    ])
  })
})

describe('proxyFromPac', () => {
  it('takes the first entry it can use', () => {
    expect(proxyFromPac('DIRECT', 'api.example')).toBeUndefined()
    expect(proxyFromPac('SOCKS5 s:1080; PROXY p:3128; DIRECT', 'api.example')).toEqual({
      protocol: 'http:',
      host: 'p',
      port: 3128
    })
    expect(proxyFromPac('SOCKS s:1080; DIRECT', 'api.example')).toBeUndefined()
  })

  it('an answer with only SOCKS proxies is refused, naming them and the address, never retried', () => {
    let err: unknown
    try {
      proxyFromPac('SOCKS5 s.corp:1080; SOCKS s.corp:1081', 'api.example:443')
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ApiError)
    const e = err as ApiError
    expect(e.code).toBe('offline')
    expect(e.permanent).toBe(true)
    expect(e.message).toContain('api.example:443')
    expect(e.message).toContain('SOCKS5 s.corp:1080; SOCKS s.corp:1081')
  })
})
