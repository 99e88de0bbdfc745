import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  detectSeparator,
  previewReferences
} from '../../../../../src-main/features/references/reference-csv'
import { openMirror, type Mirror } from '../../../../../src-main/db'
import { cursor, makeListing } from '../../../../integration/db/fixtures'

/**
 * The references file as people's spreadsheets save it: the separator a European Excel uses,
 * byte-order marks, CRLF line ends, a status typed with a capital, a channel column, and the
 * UTF-16 of Excel's "Unicode Text". Checked on a real (in-memory) mirror holding listings 1-3.
 */

let mirror: Mirror
beforeAll(async () => {
  mirror = await openMirror(':memory:')
  mirror.sync.commitPage({
    resource: 'listings',
    records: [1, 2, 3].map((id) => makeListing(id)),
    quarantined: [],
    cursor: cursor(1),
    seenAt: 1,
    recordHistory: false
  })
})
afterAll(async () => mirror.close())

const preview = (csv: string, opts = {}) => previewReferences(mirror, csv, opts)
/** Each row as [line, listingId, reference, url, status, change]. */
const rows = (csv: string, opts = {}) =>
  preview(csv, opts).rows.map((r) => [r.line, r.listingId, r.reference, r.url, r.status, r.change])

const GOOD = [
  [2, 1, 'CASA-1', 'https://channel.example.com/1', 'active', 'new'],
  [3, 2, 'CASA-2', null, null, 'new']
]

describe('the references file separator', () => {
  it('reads a semicolon file, as a European spreadsheet saves "CSV"', () => {
    const csv =
      'listingid;reference;url;status\n1;CASA-1;https://channel.example.com/1;active\n2;CASA-2;;\n'
    expect(preview(csv).fileProblems).toEqual([])
    expect(rows(csv)).toEqual(GOOD)
  })

  it('reads a tab-separated file', () => {
    const csv =
      'listingId\treference\turl\tstatus\n1\tCASA-1\thttps://channel.example.com/1\tactive\n2\tCASA-2\t\t\n'
    expect(rows(csv)).toEqual(GOOD)
  })

  it('tells the separator from the header even where a quoted cell holds the others', () => {
    const csv =
      'listingId;"reference, ours";reference;url\n1;"a, b";CASA-1;"https://x.example.com/a,b"\n'
    expect(detectSeparator(csv).char).toBe(';')
    const [row] = preview(csv).rows
    expect([row.reference, row.url]).toEqual(['CASA-1', 'https://x.example.com/a,b'])
    expect(preview(csv).fileProblems).toEqual([
      'Columns StayDesk does not use are ignored: reference, ours.'
    ])
    // A comma file whose URL holds a semicolon stays a comma file.
    expect(detectSeparator('listingId,reference,url\n1,A,"https://x.example.com/;a"').char).toBe(
      ','
    )
  })

  it('names the separator it read with when the columns are missing', () => {
    const problems = preview('id|ref\n1|A\n').fileProblems
    expect(problems).toEqual([
      'The first row must name the columns: listingId and reference are missing (found: id|ref, ' +
        'read as separated by commas). Expected listingId, reference, url, status, separated by ' +
        'commas, semicolons or tabs.'
    ])
  })
})

describe('what spreadsheets add to a file', () => {
  const lines = [
    'listingId,reference,url,status',
    '1,CASA-1,https://channel.example.com/1,active',
    '2,CASA-2,,'
  ]

  it('reads a file with a byte-order mark, and CRLF or CR line ends, with the right line numbers', () => {
    expect(rows(`\uFEFF${lines.join('\n')}`)).toEqual(GOOD)
    expect(rows(`${lines.join('\r\n')}\r\n`)).toEqual(GOOD)
    expect(rows(`\uFEFF${lines.join('\r\n')}\r\n`)).toEqual(GOOD)
    expect(rows(lines.join('\r'))).toEqual(GOOD)
  })

  it('refuses UTF-16 (Excel "Unicode Text", as the app and the command line read it) and says what to do', () => {
    const utf16 = (text: string, encoding: 'utf16le' | 'ucs2') =>
      Buffer.from(`\uFEFF${text}`, encoding).toString('utf8')
    const le = preview(utf16(lines.join('\r\n').replaceAll(',', '\t'), 'utf16le'))
    expect(le.rows).toEqual([])
    expect(le.fileProblems).toEqual([
      'The file is UTF-16 text (what Excel saves as "Unicode Text"); StayDesk reads UTF-8. In ' +
        'Excel, save it as "CSV UTF-8 (Comma delimited)" and import that file.'
    ])
    const be = Buffer.from(`\uFEFF${lines.join('\n')}`, 'utf16le')
      .swap16()
      .toString('utf8')
    expect(preview(be).fileProblems[0]).toMatch(/^The file is UTF-16 text/)
  })

  it('marks a row whose characters were saved in another encoding than UTF-8', () => {
    // "Müller" saved as Windows-1252, read as UTF-8.
    const csv = Buffer.concat([
      Buffer.from('listingId,reference\n1,Casa M'),
      Buffer.from([0xfc]),
      Buffer.from('ller\n2,CASA-2\n')
    ]).toString('utf8')
    const [bad, good] = preview(csv).rows
    expect(bad.change).toBe('invalid')
    expect(bad.problems).toEqual([
      'Some characters could not be read (shown as \uFFFD): the file was saved in another ' +
        'encoding than UTF-8; save it as "CSV UTF-8" and import it again.'
    ])
    expect(good.change).toBe('new')
  })
})

describe('status and channel cells', () => {
  it('takes a status differing only in case as the value it names', () => {
    const csv = 'listingId,reference,status\n1,CASA-1,Active\n2,CASA-2,INCOMPLETE\n3,CASA-3,Sold\n'
    const result = preview(csv)
    expect(result.rows.map((r) => [r.status, r.change])).toEqual([
      ['active', 'new'],
      ['incomplete', 'new'],
      ['Sold', 'invalid']
    ])
    expect(result.rows[2].problems).toEqual([
      'Status must be one of building, incomplete, active, inactive.'
    ])
  })

  it('names the field of an empty cell as the subject: "Reference is required."', () => {
    const result = preview('listingId,reference\n1,\n')
    expect(result.rows[0].change).toBe('invalid')
    expect(result.rows[0].problems).toEqual(['Reference is required.'])
  })

  it('checks a channel column on every row instead of ignoring it', () => {
    const csv = [
      'listingId,reference,salesChannel',
      '1,CASA-1,DEMO',
      '2,CASA-2,',
      '3,CASA-3,DEMO1',
      '4,CASA-4,XAIR'
    ].join('\n')
    const result = preview(csv, { salesChannel: 'DEMO' })
    expect(result.fileProblems).toEqual([])
    expect(result.rows.map((r) => [r.line, r.change, r.problems])).toEqual([
      [2, 'new', []],
      [3, 'new', []],
      [4, 'invalid', ['Channel "DEMO1" is not a sales channel id: it must be 4 characters.']],
      [
        5,
        'invalid',
        [
          "There is no listing 4 in this profile's portfolio.",
          "Channel XAIR is not this profile's channel (DEMO): StayDesk sets references for the " +
            "profile's own channel only; import this row from a profile of channel XAIR."
        ]
      ]
    ])
    // `channel` names the same column, in any case; lower-case ids are the same channel.
    expect(
      preview('listingId,reference,Channel\n1,A,demo\n', { salesChannel: 'DEMO' }).rows[0].change
    ).toBe('new')
  })

  it('refuses a channel it cannot check rather than sending the row for another channel', () => {
    const [wrongLength, unchecked, empty] = preview(
      'listingId,reference,channel\n1,A,AB\n2,B,XAIR\n3,C,\n'
    ).rows
    expect(wrongLength.problems).toEqual([
      'Channel "AB" is not a sales channel id: it must be 4 characters.'
    ])
    expect(unchecked.problems).toEqual([
      "Channel XAIR can't be checked against this profile's channel; leave the cell empty to " +
        "set the reference for the profile's own channel."
    ])
    expect(empty.change).toBe('new')
  })
})
