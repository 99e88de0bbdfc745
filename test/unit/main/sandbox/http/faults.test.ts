import { describe, expect, it } from 'vitest'
import { Faults, parseFaultSpec } from '../../../../../src-main/sandbox/http/faults'

describe('sandbox faults', () => {
  it('parses commitThen5xx and a pinned 5xx status from the CLI form', () => {
    expect(parseFaultSpec('commitThen5xx=1,status=503,hold=0.5,paths=^/v1/booking$')).toEqual({
      commitThen5xx: 1,
      errorStatus: 503,
      hold: 0.5,
      paths: '^/v1/booking$'
    })
  })

  it.each([
    ['status=504', 'faults: status must be 500, 502 or 503'],
    ['status', 'faults: status must be 500, 502 or 503'],
    ['commitThen5xx=2', 'faults: commitThen5xx must be a probability from 0 to 1']
  ])('refuses %s with a clear sentence', (spec, message) => {
    expect(() => parseFaultSpec(spec)).toThrow(message)
  })

  it('hold: what a held request waits for settles when the faults are next set', async () => {
    const faults = new Faults({ hold: 1 })
    expect(faults.decide('POST', '/v1/booking').kind).toBe('hold')
    const held = faults.released.then(() => 'released')
    faults.set(null)
    expect(await held).toBe('released')
    expect(faults.decide('POST', '/v1/booking').kind).toBeUndefined()
  })

  it('commitThen5xx hits only the writes whose effect can outlive their answer', () => {
    const faults = new Faults({ commitThen5xx: 1, errorStatus: 503 })
    expect(faults.decide('POST', '/v1/booking')).toMatchObject({
      kind: 'commitThen5xx',
      status: 503
    })
    expect(faults.decide('POST', '/v1/booking/SB1/pay').kind).toBe('commitThen5xx')
    expect(faults.decide('POST', '/v1/booking/guest/cancel').kind).toBe('commitThen5xx')
    expect(faults.decide('POST', '/v1/quote').kind).toBeUndefined()
    expect(faults.decide('GET', '/v1/booking/SB1/DEMO').kind).toBeUndefined()
  })

  it('a pinned status leaves the other draws of a seed as they were', () => {
    const kinds = (f: Faults) =>
      Array.from({ length: 50 }, () => f.decide('GET', '/v1/listings').kind)
    const drawn = new Faults({ error5xx: 0.3, rateLimit: 0.3, seed: 5 })
    const pinned = new Faults({ error5xx: 0.3, rateLimit: 0.3, seed: 5, errorStatus: 500 })
    expect(kinds(pinned)).toEqual(kinds(drawn))
    const statuses = Array.from({ length: 20 }, () => pinned.decide('GET', '/v1/listings'))
      .filter((d) => d.kind === '5xx')
      .map((d) => d.status)
    expect(new Set(statuses)).toEqual(new Set([500]))
  })
})
