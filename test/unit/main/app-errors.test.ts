import { describe, expect, it } from 'vitest'
import { ProfileInput } from '@shared/profile.schema'
import { ApiError } from '../../../src-main/api'
import { describeAppError } from '../../../src-main/app/app-errors'
import { windowTitleOf } from '../../../src-main/app/create-app'
import { TokenFormatError } from '../../../src-main/auth/token-store'
import { MirrorTooNewError } from '../../../src-main/db'
import { ProfileStoreError } from '../../../src-main/profiles/profile-store'

describe('one mapping from failures to {code, message}', () => {
  it('keeps profile refusals as they are', () => {
    expect(
      describeAppError(new ProfileStoreError('conflict', 'Name: "A" is already used'))
    ).toEqual({ code: 'conflict', message: 'Name: "A" is already used' })
  })

  it('names the field of a schema failure', () => {
    const parsed = ProfileInput.safeParse({
      name: 'A',
      kind: 'test',
      baseUrl: 'https://x.example',
      salesChannel: 'TOOLONG'
    })
    expect(describeAppError(parsed.error)).toEqual({
      code: 'bad-input',
      message: 'Sales channel must be exactly 4 characters'
    })
  })

  it('passes service errors through describeApiError', () => {
    const err = new ApiError('unauthorized', 'The service refused the access token.')
    expect(describeAppError(err)).toEqual({
      code: 'unauthorized',
      message: 'The service refused the access token.'
    })
  })

  it('keeps a worker failure code and sentence', () => {
    const err = Object.assign(new Error('The service cannot be reached.'), { code: 'offline' })
    expect(describeAppError(err)).toEqual({
      code: 'offline',
      message: 'The service cannot be reached.'
    })
  })

  it('explains mirror and token problems in plain words', () => {
    expect(describeAppError(new MirrorTooNewError('0009')).code).toBe('database')
    expect(describeAppError(new TokenFormatError('the token is empty'))).toEqual({
      code: 'bad-input',
      message: 'Token: the token is empty.'
    })
  })

  it('never passes on the text of an unknown error', () => {
    const described = describeAppError(new TypeError('cannot read /home/me/.secret at line 3'))
    expect(described.code).toBe('internal')
    expect(described.message).not.toMatch(/secret|line|\//)
  })
})

describe('window title', () => {
  const base = {
    id: 'p',
    baseUrl: 'https://x.example',
    salesChannel: 'TEST',
    salesBrand: undefined,
    createdAt: '',
    updatedAt: '',
    active: true,
    token: { state: 'missing' as const, storage: 'none' as const, explanation: '' }
  }
  it('names the profile and its kind, and flags production', () => {
    expect(windowTitleOf({ ...base, name: 'Demo', kind: 'demo' })).toBe('StayDesk — Demo (demo)')
    expect(windowTitleOf({ ...base, name: 'Live', kind: 'production' })).toBe(
      'StayDesk — Live — PRODUCTION'
    )
  })
})
