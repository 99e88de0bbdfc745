import { toAppError } from '../../../../src-main/errors'
import { describe, expect, it } from 'vitest'
import { APP_ERROR_CODES } from '@shared/errors'
import { ApiError, DEFAULT_MESSAGES, errorForStatus } from '../../../../src-main/api/errors'
import { checkBaseUrl, checkToken } from '../../../../src-main/api/base-url'

/** The one mapping from failures to codes and support-agent sentences. */

describe('codes and sentences', () => {
  it('every ApiErrorCode is an AppErrorCode with a sentence', () => {
    for (const code of Object.keys(DEFAULT_MESSAGES)) {
      expect(APP_ERROR_CODES).toContain(code)
      expect(DEFAULT_MESSAGES[code as keyof typeof DEFAULT_MESSAGES]).toMatch(/^[A-Z].*\.$/)
    }
  })

  it('maps statuses, keeping the service message for 409', () => {
    expect(errorForStatus(409, 'booking state is not valid for this request').message).toContain(
      'booking state is not valid for this request'
    )
    expect(errorForStatus(422, 'x').code).toBe('bad-input')
    expect(errorForStatus(503, undefined).code).toBe('server-error')
    expect(errorForStatus(302, undefined).code).toBe('bad-response')
    expect(errorForStatus(429, undefined, 60_000).message).toMatch(/retry at/)
  })

  it('a conflict names its field only when its message starts with a request path', () => {
    expect(errorForStatus(409, 'ownReference R-1 is already used by booking SB1').field).toBe(
      'ownReference'
    )
    expect(errorForStatus(409, 'creditCard.number is blocked').field).toBe('creditCard.number')
    expect(errorForStatus(409, 'booking state is not valid for this request').field).toBeUndefined()
    expect(errorForStatus(409, 'Not available on 2030-06-02.').field).toBeUndefined()
    expect(errorForStatus(409, undefined).field).toBeUndefined()
  })

  it('an unknown error becomes "internal" without echoing its text', () => {
    const described = toAppError(new Error('secret-stuff 4242424242424242')).toPayload()
    expect(described.code).toBe('internal')
    expect(described.message).not.toContain('secret')
    expect(toAppError(new ApiError('timeout', 'Too slow.')).toPayload()).toEqual({
      code: 'timeout',
      message: 'Too slow.'
    })
  })
})

describe('profile checks', () => {
  it('https anywhere, http only on loopback', () => {
    expect(checkBaseUrl('https://api.example.com/').root).toBe('https://api.example.com')
    expect(checkBaseUrl('http://127.0.0.1:8080').origin).toBe('http://127.0.0.1:8080')
    expect(checkBaseUrl('http://[::1]:8080').origin).toBe('http://[::1]:8080')
    expect(() => checkBaseUrl('http://example.com')).toThrow(/https:\/\//)
    expect(() => checkBaseUrl('https://user:pw@example.com')).toThrow(ApiError)
    expect(() => checkBaseUrl('not a url')).toThrow(ApiError)
  })

  it('a token with control characters is refused without being quoted', () => {
    let message = ''
    try {
      checkToken('abc\r\nX-Evil: 1')
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatch(/access token/)
    expect(message).not.toContain('abc')
  })
})
