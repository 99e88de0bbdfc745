import { describe, expect, it } from 'vitest'
import { parseRecord, splitJsonArray } from '../../../../src-main/api/json-items'

/** A page is read record by record from its bytes; each record must read as JSON.parse reads it. */

const split = (text: string) => {
  const result = splitJsonArray(Buffer.from(text, 'utf8'))
  return typeof result === 'object' ? result.items.map((b) => parseRecord(b)) : result
}

describe('splitJsonArray', () => {
  it.each([
    '[]',
    ' [ ] ',
    '[{"listingId":1,"availability":{"2026-11-23":{"available":true,"minStay":1}}}]',
    '[1, "two", null, [3, [4]], {"a": {"b": [5]}}]',
    // Brackets, braces, commas and escaped quotes inside strings are text, not structure.
    '[{"name":"Villa [sea], {view}"}, {"note":"say \\"hi\\", then \\\\"}, "\\\\"]',
    // Any UTF-8: accents, CJK, emoji, and escapes of them.
    '[{"description":"Gemütliche Wohnung — 海の家 🏖"}, "\\u00e9t\\u00e9"]',
    '\n\t[\r\n {"id": 7} ,\n {"id": 8}\n]\n'
  ])('reads %j record by record as JSON.parse reads it whole', (text) => {
    expect(split(text)).toEqual(JSON.parse(text))
  })

  it('skips a byte-order mark before the array', () => {
    expect(split('\ufeff[{"id":1}]')).toEqual([{ id: 1 }])
  })

  it('keeps each record as a view of the page, not a copy', () => {
    const page = Buffer.from('[{"id":1},{"id":2}]')
    const result = splitJsonArray(page)
    if (typeof result !== 'object') throw new Error(String(result))
    expect(result.items.map((b) => b.buffer === page.buffer)).toEqual([true, true])
  })

  it('says when the body is JSON but not a list, so the caller can name that', () => {
    expect(split('{"message":"no"}')).toBe('not-an-array')
    expect(split('"[1]"')).toBe('not-an-array')
    expect(split('')).toBe('not-an-array')
  })

  it.each([
    ['a page cut off', '[{"id":1},{"id":'],
    ['a string never closed', '[{"id":"1}]'],
    ['a closing brace for the list', '[{"id":1}}'],
    ['more after the list', '[{"id":1}] [2]'],
    ['no closing bracket', '[1, 2']
  ])('refuses %s', (_what, text) => {
    expect(split(text)).toBe('malformed')
  })

  it.each([
    ['an empty record between commas', '[1,,2]'],
    ['a trailing comma', '[1,2,]'],
    ['a record that is not JSON', '[{"id":1},{id:2}]'],
    ['two values in one record', '[1 2]'],
    ['a record with a bracket too many', '[{"a":[1}]]']
  ])('leaves %s to parseRecord, which fails like a page that is not JSON', (_what, text) => {
    expect(() => split(text)).toThrow(/not JSON/)
  })
})
