import { describe, expect, it } from 'vitest'
import { SetReferenceInput } from '@shared/ipc/references.schema'
import { IpcError } from '../../../../../src-renderer/src/ipc/client'
import {
  referenceInput,
  referenceOutcome,
  referenceValues,
  validateReference
} from '../../../../../src-renderer/src/screens/listings/reference-form'

const kept = {
  listingId: 100001,
  reference: 'CASA-1',
  url: null,
  status: 'active' as const,
  setAt: 1_700_000_000_000
}

describe('the reference form', () => {
  it('starts from what this profile last set, or empty', () => {
    expect(referenceValues(kept)).toEqual({ reference: 'CASA-1', url: '', status: 'active' })
    expect(referenceValues(null)).toEqual({ reference: '', url: '', status: null })
  })

  it('sends only what is given, and the confirmation on production', () => {
    const empty = referenceInput(100001, { reference: 'R-1', url: '  ', status: null })
    expect(empty).toEqual({ listingId: 100001, reference: 'R-1' })
    expect(SetReferenceInput.safeParse(empty).success).toBe(true)
    const full = referenceInput(
      100001,
      { reference: 'R-1', url: ' https://c.example/1 ', status: 'building' },
      '100001'
    )
    expect(full).toEqual({
      listingId: 100001,
      reference: 'R-1',
      url: 'https://c.example/1',
      status: 'building',
      confirmation: '100001'
    })
    expect(SetReferenceInput.safeParse(full).success).toBe(true)
  })

  it('checks with the shared schema, each message led by its field', () => {
    expect(validateReference({ reference: '  ', url: '', status: null })).toEqual({
      reference: 'Reference is required'
    })
    expect(validateReference({ reference: 'x'.repeat(101), url: 'nope', status: null })).toEqual({
      reference: 'Reference must be at most 100 characters',
      url: 'URL must be a URL'
    })
    expect(
      validateReference({
        reference: 'R',
        url: `https://c.example/${'a'.repeat(500)}`,
        status: null
      })
    ).toEqual({ url: 'URL must be at most 500 characters' })
    expect(validateReference({ reference: 'R', url: '', status: 'inactive' })).toEqual({})
  })
})

describe('what one click came to', () => {
  it('is done, refused or unknown as main answered', () => {
    expect(referenceOutcome({ outcome: 'done', reference: kept }, null)).toMatchObject({
      kind: 'done',
      title: 'Reference set'
    })
    expect(
      referenceOutcome(
        { outcome: 'refused', message: 'Listing is not yours.', code: 'forbidden' },
        null
      )
    ).toMatchObject({ kind: 'refused', message: 'Listing is not yours.' })
    expect(
      referenceOutcome({ outcome: 'unknown', message: 'The answer was lost.' }, null)
    ).toMatchObject({ kind: 'unknown' })
    expect(referenceOutcome(undefined, null)).toBeNull()
  })

  it('is "not sent" when the request never left, an outage said as one', () => {
    const offline = referenceOutcome(
      undefined,
      new IpcError('offline', 'The service can’t be reached.')
    )
    expect(offline).toMatchObject({ kind: 'not-sent', outage: true })
    expect(offline?.message).toMatch(/Nothing changed on the service/)
    expect(
      referenceOutcome(
        undefined,
        new IpcError('bad-input', 'Type the listing id (100001) to confirm.', 'confirmation')
      )
    ).toMatchObject({ kind: 'not-sent', outage: false })
    expect(
      referenceOutcome(undefined, new IpcError('conflict', 'Already on its way.'))
    ).toMatchObject({ kind: 'not-sent' })
  })

  it('leaves a refusal about a form field to that field', () => {
    expect(
      referenceOutcome(undefined, new IpcError('bad-input', 'must be a URL', 'url'))
    ).toBeNull()
  })

  it('reads a token refusal as refused, with what to do', () => {
    const o = referenceOutcome(undefined, new IpcError('unauthorized', 'The token was refused.'))
    expect(o).toMatchObject({ kind: 'refused' })
    expect(o?.message).toMatch(/Profiles/)
  })
})
