import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ReferenceInput } from '@shared/ipc/references.schema'
import { ProfileInput } from '@shared/profile.schema'
import { ApiError } from '../../../src-main/api'
import { windowTitleOf } from '@shared/profile.schema'
import { TokenFormatError } from '../../../src-main/auth/token-store'
import { MirrorMigrationError, MirrorTooNewError } from '../../../src-main/db'
import { AppError, fieldLabel, toAppError } from '../../../src-main/errors'
import { ProfileStoreError } from '../../../src-main/profiles/profile-store'
import { SyncBlockedError } from '../../../src-main/sync/engine'
import { syncFailure } from '../../../src-main/sync/runner'

describe('one mapping from failures to {code, message, field}', () => {
  it('keeps profile refusals as they are, on their field', () => {
    const err = toAppError(new ProfileStoreError('conflict', 'Name: "A" is already used', 'name'))
    expect(err.toPayload()).toEqual({
      code: 'conflict',
      message: 'Name: "A" is already used',
      field: 'name'
    })
    expect(err.unexpected).toBe(false)
  })

  it('names the field of a schema failure', () => {
    const parsed = ProfileInput.safeParse({
      name: 'A',
      kind: 'test',
      baseUrl: 'https://x.example',
      salesChannel: 'TOOLONG'
    })
    expect(toAppError(parsed.error).toPayload()).toEqual({
      code: 'bad-input',
      message: 'Sales channel must be exactly 4 characters',
      field: 'salesChannel'
    })
  })

  it('passes service errors through with their code and sentence', () => {
    const err = new ApiError('unauthorized', 'The service refused the access token.')
    expect(toAppError(err)).toBe(err)
    expect(toAppError(err).toPayload()).toEqual({
      code: 'unauthorized',
      message: 'The service refused the access token.'
    })
  })

  it('keeps a failure described in another thread or process', () => {
    const err = syncFailure('offline', 'The service cannot be reached.')
    expect(toAppError(err).toPayload()).toEqual({
      code: 'offline',
      message: 'The service cannot be reached.'
    })
    expect(toAppError(err).unexpected).toBe(false)
  })

  it('explains mirror, sync and token problems in plain words', () => {
    expect(toAppError(new MirrorTooNewError('0009')).code).toBe('database')
    const migration = toAppError(new MirrorMigrationError('0006', new Error('disk I/O error')))
    expect(migration.code).toBe('database')
    expect(migration.message).not.toMatch(/disk I\/O/)
    expect(
      toAppError(
        new SyncBlockedError('rates', 'http://x/v1/rates', {
          path: 'rate',
          code: 'invalid_type',
          raw: '{}'
        })
      ).code
    ).toBe('bad-response')
    expect(toAppError(new TokenFormatError('the token is empty')).toPayload()).toEqual({
      code: 'bad-input',
      message: 'Token: the token is empty.',
      field: 'token'
    })
  })

  it('marks what it does not know as a bug, without passing on its text', () => {
    const err = toAppError(new TypeError('cannot read /home/me/.secret at line 3'))
    expect(err.code).toBe('internal')
    expect(err.unexpected).toBe(true)
    expect(err.message).not.toMatch(/secret|line|\//)
    const sqlite = Object.assign(new Error('SQLITE_CORRUPT at /home/me/x.sqlite'), {
      name: 'SqliteError'
    })
    expect(toAppError(sqlite)).toMatchObject({ code: 'database', unexpected: true })
    expect(toAppError(sqlite).message).not.toMatch(/home/)
    expect(toAppError('a string').unexpected).toBe(true)
  })

  it('a deliberate AppError is never taken for a bug', () => {
    expect(toAppError(new AppError('internal', 'The sync process stopped.')).unexpected).toBe(false)
  })
})

describe('field labels', () => {
  it('reads like the form labels', () => {
    expect(fieldLabel(['profile', 'salesChannel'])).toBe('Sales channel')
    expect(fieldLabel(['baseUrl'])).toBe('Base URL')
    expect(fieldLabel(['childrenAges', 1])).toBe('Children ages (item 2)')
    expect(fieldLabel([])).toBe('Input')
  })

  it('never leaves a field unnamed: an empty key gives way to the key before it', () => {
    expect(fieldLabel(['guest', ''])).toBe('Guest')
    expect(fieldLabel(['', 0])).toBe('Input')
  })

  it('makes the field the subject of a schema sentence, never "Reference: is required"', () => {
    const missing = ReferenceInput.safeParse({ listingId: 1, reference: ' ' })
    expect(toAppError(missing.error).toPayload()).toEqual({
      code: 'bad-input',
      message: 'Reference is required',
      field: 'reference'
    })
    const status = ReferenceInput.safeParse({ listingId: 1, reference: 'R', status: 'sold' })
    expect(toAppError(status.error).message).toBe(
      'Status must be one of building, incomplete, active, inactive'
    )
    const absent = ReferenceInput.safeParse({ listingId: 1 })
    expect(toAppError(absent.error).message).toBe('Reference is required')
    const unnamed = z.object({ '': z.string() }).safeParse({})
    expect(toAppError(unnamed.error).message).toBe('Input is required')
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
