import { describe, expect, it } from 'vitest'
import { findRel, parseLinkHeader, resolveNext } from '../../../../src-main/api/link'

/** H9: Link header parsing (RFC 8288) as paging relies on it. */

const ORIGIN = 'https://api.example.com'
const PAGE = `${ORIGIN}/v1/listings/2`

describe('parseLinkHeader', () => {
  it('reads quoted and bare params, several links, commas and semicolons inside quotes', () => {
    const header =
      '<https://api.example.com/v1/listings/1>; rel="prev"; title="a, b; c", ' +
      '</v1/listings/3>; rel=next; type="application/json"'
    expect(parseLinkHeader(header)).toEqual([
      { uri: 'https://api.example.com/v1/listings/1', params: { rel: 'prev', title: 'a, b; c' } },
      { uri: '/v1/listings/3', params: { rel: 'next', type: 'application/json' } }
    ])
  })

  it('finds next in a space-separated rel list, case-insensitively', () => {
    expect(findRel('</a>; rel="last", </b>; REL="Prev NEXT"', 'next')).toBe('/b')
  })

  it('a missing or empty header has no links', () => {
    expect(parseLinkHeader(undefined)).toEqual([])
    expect(parseLinkHeader('')).toEqual([])
    expect(findRel('</a>; rel="prev"', 'next')).toBeNull()
  })

  it('the first rel parameter of a link wins', () => {
    expect(findRel('</a>; rel="prev"; rel="next"', 'next')).toBeNull()
  })
})

describe('resolveNext', () => {
  it('resolves a relative next against the page it came from', () => {
    expect(resolveNext('<3>; rel="next"', PAGE, ORIGIN)).toEqual({
      next: `${ORIGIN}/v1/listings/3`
    })
    expect(resolveNext('</v1/listings/3>; rel="next"', PAGE, ORIGIN)).toEqual({
      next: `${ORIGIN}/v1/listings/3`
    })
  })

  it('keeps an absolute next on the same origin', () => {
    expect(resolveNext(`<${ORIGIN}/v1/listings/3>; rel="next"`, PAGE, ORIGIN)).toEqual({
      next: `${ORIGIN}/v1/listings/3`
    })
  })

  it('refuses a next on another origin, including look-alike hosts and other schemes/ports', () => {
    for (const target of [
      'https://api.example.com.attacker.com/v1/listings/3',
      'http://api.example.com/v1/listings/3',
      'https://api.example.com:8443/v1/listings/3',
      '//evil.example/v1/listings/3'
    ]) {
      expect(resolveNext(`<${target}>; rel="next"`, PAGE, ORIGIN)).toEqual({
        refused: 'cross-origin'
      })
    }
  })

  it('no Link means the last page', () => {
    expect(resolveNext(undefined, PAGE, ORIGIN)).toEqual({ next: null })
  })
})
