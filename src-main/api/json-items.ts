import { ApiError, DEFAULT_MESSAGES } from './errors'

/**
 * A page of records as its elements' bytes. JSON.parse of a whole 15 MB availability page
 * builds a 15 MB string and 146,000 objects that all live until the page is written, so they
 * outlast the young generation and pile up as old-generation garbage in every sync thread
 * (measured: the availability thread's heap at 108 MB between pages, the process at 590 to
 * 640 MB). Parsed, checked and packed one record at a time from the body's bytes, each
 * record's string and objects die young, and only the packed rows and the body stay.
 *
 * `splitJsonArray` finds the elements of a top-level array by its brackets and strings alone
 * (UTF-8 never uses bytes below 0x80 inside a multi-byte character, so the ASCII structure can
 * be read from the bytes); the elements are views of the body, not copies. Whether each is
 * valid JSON is decided when it is parsed (`parseRecord`), which throws the same error as a page
 * that is not JSON at all. The structure around the elements (the brackets, commas, and nothing
 * after the closing bracket) is checked here.
 */
export type SplitResult = { items: Buffer[] } | 'not-an-array' | 'malformed'

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d])
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d

function skipSpace(bytes: Buffer, i: number): number {
  while (i < bytes.length && SPACE.has(bytes[i])) i++
  return i
}

/** The index of the quote closing the string whose opening quote is at `open`, or -1. */
function stringEnd(bytes: Buffer, open: number): number {
  let i = open + 1
  for (;;) {
    const q = bytes.indexOf(QUOTE, i)
    if (q < 0) return -1
    let slashes = 0
    while (bytes[q - 1 - slashes] === BACKSLASH) slashes++
    if (slashes % 2 === 0) return q
    i = q + 1
  }
}

const hasBom = (bytes: Buffer) => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf

export function splitJsonArray(bytes: Buffer): SplitResult {
  let i = skipSpace(bytes, hasBom(bytes) ? 3 : 0)
  if (bytes[i] !== OPEN_ARRAY) return 'not-an-array'
  i++
  const items: Buffer[] = []
  let start = i
  let depth = 0
  for (; i < bytes.length; i++) {
    const c = bytes[i]
    if (c === QUOTE) {
      i = stringEnd(bytes, i)
      if (i < 0) return 'malformed'
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      if (depth > 0) {
        depth--
        continue
      }
      if (c !== CLOSE_ARRAY) return 'malformed'
      // `[]` and `[ ]` hold nothing; any other last element is kept and parsed like the rest.
      if (items.length > 0 || skipSpace(bytes, start) < i) items.push(bytes.subarray(start, i))
      return skipSpace(bytes, i + 1) === bytes.length ? { items } : 'malformed'
    } else if (c === COMMA && depth === 0) {
      items.push(bytes.subarray(start, i))
      start = i + 1
    }
  }
  return 'malformed'
}

/** One record of a split page, parsed; a record that is not JSON fails like a page that is not. */
export function parseRecord(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'))
  } catch {
    throw new ApiError('bad-response', `${DEFAULT_MESSAGES['bad-response']} It was not JSON.`)
  }
}
