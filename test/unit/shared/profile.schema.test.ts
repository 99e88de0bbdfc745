import { describe, expect, it } from 'vitest'
import { isLoopbackHost, ProfileInput, TokenStatus } from '@shared/profile.schema'

const valid = {
  name: 'Production',
  kind: 'production',
  baseUrl: 'https://api.example.com/v1/',
  salesChannel: 'ABCD'
} as const

function messagesFor(input: unknown): Record<string, string> {
  const result = ProfileInput.safeParse(input)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('profile form validation', () => {
  it('accepts a complete profile and normalizes the base URL', () => {
    const profile = ProfileInput.parse({ ...valid, name: '  Production  ', salesBrand: ' Sun ' })
    expect(profile).toEqual({
      name: 'Production',
      kind: 'production',
      baseUrl: 'https://api.example.com/v1',
      salesChannel: 'ABCD',
      salesBrand: 'Sun'
    })
  })

  it('treats an empty sales brand as no brand', () => {
    expect(ProfileInput.parse({ ...valid, salesBrand: '   ' }).salesBrand).toBeUndefined()
    expect(ProfileInput.parse(valid).salesBrand).toBeUndefined()
  })

  it('refuses plain http to another computer, naming the field and the rule', () => {
    for (const baseUrl of [
      'http://api.example.com',
      'http://10.0.0.5:8080',
      'http://127.0.0.1.nip.io'
    ]) {
      expect(messagesFor({ ...valid, baseUrl }).baseUrl).toMatch(/^Base URL must use https:\/\//)
    }
  })

  it('allows plain http only on loopback', () => {
    for (const baseUrl of [
      'http://localhost:8080',
      'http://127.0.0.1:4010/api',
      'http://127.1.2.3',
      'http://[::1]:3000'
    ]) {
      expect(ProfileInput.safeParse({ ...valid, baseUrl }).success, baseUrl).toBe(true)
    }
  })

  it('refuses other schemes, non-URLs, credentials and query strings', () => {
    expect(messagesFor({ ...valid, baseUrl: 'ftp://example.com' }).baseUrl).toBe(
      'Base URL must start with https://'
    )
    expect(messagesFor({ ...valid, baseUrl: 'api.example.com' }).baseUrl).toMatch(/full URL/)
    expect(messagesFor({ ...valid, baseUrl: '' }).baseUrl).toBe('Base URL is required')
    expect(messagesFor({ ...valid, baseUrl: 'https://me:pw@example.com' }).baseUrl).toMatch(
      /user name or password/
    )
    expect(messagesFor({ ...valid, baseUrl: 'https://example.com/?key=1' }).baseUrl).toMatch(
      /\? or #/
    )
  })

  it('requires a 4-character sales channel', () => {
    for (const salesChannel of ['ABC', 'ABCDE', '', '  AB  ']) {
      expect(messagesFor({ ...valid, salesChannel }).salesChannel).toBe(
        'Sales channel must be exactly 4 characters'
      )
    }
    expect(ProfileInput.parse({ ...valid, salesChannel: ' WXYZ ' }).salesChannel).toBe('WXYZ')
  })

  it('requires a name of 1 to 60 characters', () => {
    expect(messagesFor({ ...valid, name: '   ' }).name).toBe('Name must not be empty')
    expect(messagesFor({ ...valid, name: 'x'.repeat(61) }).name).toBe(
      'Name must be at most 60 characters'
    )
    expect(messagesFor({ ...valid, name: undefined }).name).toBe('Name is required')
  })

  it('refuses a base URL longer than 2,000 characters on its field', () => {
    const baseUrl = `https://api.example.com/${'a'.repeat(2000)}`
    expect(messagesFor({ ...valid, baseUrl }).baseUrl).toBe(
      'Base URL must be at most 2,000 characters'
    )
  })

  it('refuses a card number in the name or the sales brand, on that field', () => {
    const card = '4242 4242 4242 4242'
    expect(messagesFor({ ...valid, name: `Visa ${card}` }).name).toMatch(
      /^Name must not hold a card number/
    )
    expect(messagesFor({ ...valid, salesBrand: card }).salesBrand).toMatch(
      /^Sales brand must not hold a card number/
    )
    // A long number that is not a card (fails Luhn) is a name like any other.
    expect(messagesFor({ ...valid, name: 'Office 4242 4242 4242 4241' })).toEqual({})
  })

  it('names the allowed kinds', () => {
    expect(messagesFor({ ...valid, kind: 'staging' }).kind).toBe(
      'Kind must be demo, test or production'
    )
  })

  it('reports every invalid field at once', () => {
    const messages = messagesFor({
      name: '',
      kind: 'test',
      baseUrl: 'http://x.test',
      salesChannel: 'X'
    })
    expect(Object.keys(messages).sort()).toEqual(['baseUrl', 'name', 'salesChannel'])
  })
})

describe('loopback hosts', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['[::1]', true],
    ['::1', true],
    ['128.0.0.1', false],
    ['127.0.0.256', false],
    ['127.0.0.1.evil.test', false],
    ['app.localhost', false],
    ['localhost.', false],
    ['[::ffff:7f00:1]', false],
    ['0.0.0.0', false]
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected)
  })
})

describe('token status for the renderer', () => {
  it('carries at most four characters of the token', () => {
    const base = { state: 'set', storage: 'os-encrypted', explanation: 'Saved.' } as const
    expect(TokenStatus.safeParse({ ...base, last4: 'abcd' }).success).toBe(true)
    expect(TokenStatus.safeParse({ ...base, last4: 'abcde' }).success).toBe(false)
  })
})
