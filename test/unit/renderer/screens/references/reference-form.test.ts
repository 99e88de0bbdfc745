import { describe, expect, it } from 'vitest'
import { SetReferenceInput } from '@shared/ipc/references.schema'
import {
  charCount,
  EMPTY_REFERENCE,
  referenceFormErrors,
  referenceInput,
  valuesFromKept
} from '../../../../../src-renderer/src/screens/references/reference-form'

const GOOD = {
  listingId: '1234',
  reference: ' VILLA-ALBA ',
  url: 'https://channel.example.com/villa-alba',
  status: 'active'
}

describe('the one-listing reference form', () => {
  it('accepts a listing, a reference, a URL and a status, and sends them trimmed', () => {
    expect(referenceFormErrors(GOOD)).toEqual({})
    const input = referenceInput(GOOD)
    expect(input).toEqual({
      listingId: 1234,
      reference: 'VILLA-ALBA',
      url: 'https://channel.example.com/villa-alba',
      status: 'active'
    })
    expect(SetReferenceInput.safeParse(input).success).toBe(true)
  })

  it('leaves out an empty URL and status: the channel keeps what it has', () => {
    const values = { ...GOOD, url: '  ', status: null }
    expect(referenceFormErrors(values)).toEqual({})
    expect(referenceInput(values)).toEqual({ listingId: 1234, reference: 'VILLA-ALBA' })
  })

  it('says on each field what is wrong, led by its label', () => {
    const errors = referenceFormErrors({
      listingId: null,
      reference: '   ',
      url: 'not a url',
      status: null
    })
    expect(errors.listingId).toBe('Choose a listing')
    expect(errors.reference).toBe('Reference is required')
    expect(errors.url).toBe('URL must be a URL')
    const long = referenceFormErrors({
      ...GOOD,
      reference: 'R'.repeat(101),
      url: `https://a.example/${'u'.repeat(500)}`
    })
    expect(long.reference).toBe('Reference must be at most 100 characters')
    expect(long.url).toBe('URL must be at most 500 characters')
  })

  it('is pre-filled with what this profile last set, or blank', () => {
    expect(valuesFromKept('7', null)).toEqual({ ...EMPTY_REFERENCE, listingId: '7' })
    expect(
      valuesFromKept('7', {
        listingId: 7,
        reference: 'R7',
        url: null,
        status: 'inactive',
        setAt: 1
      })
    ).toEqual({ listingId: '7', reference: 'R7', url: '', status: 'inactive' })
  })

  it('counts the reference’s characters as sent', () => {
    expect(charCount(' abc ', 100)).toBe('3 / 100 characters')
    expect(charCount('R'.repeat(103), 100)).toBe('103 / 100 characters — 3 too many')
  })
})
