import { describe, expect, it } from 'vitest'
import { trustedCertificates, type CaSource } from '../../../../src-main/net/ca'

/** Which roots StayDesk trusts, whatever the runtime offers. */

const pem = (name: string) => `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----`

describe('trustedCertificates', () => {
  it("Node's default list (bundled and NODE_EXTRA_CA_CERTS) plus the system store plus extras, once each", () => {
    const source: CaSource = {
      rootCertificates: [pem('bundled')],
      getCACertificates: (type) =>
        type === 'default'
          ? [pem('bundled'), pem('extra-file')]
          : [pem('corp-root'), pem('bundled')]
    }
    expect(trustedCertificates([`${pem('profile')}\n`], source)).toEqual([
      pem('bundled'),
      pem('extra-file'),
      pem('corp-root'),
      pem('profile')
    ])
  })

  it('an unreadable system store leaves the default list', () => {
    const source: CaSource = {
      rootCertificates: [],
      getCACertificates: (type) => {
        if (type === 'system') throw new Error('no keychain')
        return [pem('bundled')]
      }
    }
    expect(trustedCertificates([], source)).toEqual([pem('bundled')])
  })

  it("without getCACertificates: Node's own defaults (undefined) unless extras are given", () => {
    const old: CaSource = { rootCertificates: [pem('bundled')] }
    expect(trustedCertificates([], old)).toBeUndefined()
    expect(trustedCertificates([pem('profile')], old)).toEqual([pem('bundled'), pem('profile')])
  })

  it('this runtime: the system store is included', () => {
    const all = trustedCertificates()
    expect(all).toBeDefined()
    const tls = process.getBuiltinModule('node:tls')
    for (const cert of tls.getCACertificates('system')) expect(all).toContain(cert.trim())
  })
})
