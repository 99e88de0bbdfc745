import { afterEach, describe, expect, it } from 'vitest'
import type { SyncSummary } from '@shared/ipc/sync.schema'
import { detailsInLog, setLogFile, toAppError } from '../../../../src-main/errors'
import { scrubLine, startFields, syncFailedLine, syncLine } from '../../../../src-main/logging'

describe('a log line as written', () => {
  it('masks a CVC inside a message, where JSON escapes its quotes', () => {
    const line = JSON.stringify({ msg: 'sent {"cvc":"123","number":"4242 4242 4242 4242"}' })
    const written = scrubLine(line, [])
    expect(written).not.toMatch(/123|4242/)
    expect(JSON.parse(written)).toEqual({
      msg: 'sent {"cvc":"[redacted]","number":"[redacted]"}'
    })
  })

  it('masks the given tokens, Bearer values, secret keys and a card number written as a number', () => {
    const line = JSON.stringify({
      msg: 'token tok_live_abcdef used',
      headers: { authorization: 'Bearer xyz' },
      amount: 4242424242424242,
      count: 12
    })
    const written = JSON.parse(scrubLine(line, ['tok_live_abcdef']))
    expect(written).toEqual({
      msg: 'token [redacted] used',
      headers: { authorization: '[redacted]' },
      amount: '[redacted]',
      count: 12
    })
  })

  it('stays one valid JSON line whatever a mask replaces', () => {
    const line = JSON.stringify({ msg: 'Authorization: Bearer abc"\n at x' })
    const written = scrubLine(line, [])
    expect(written.endsWith('\n')).toBe(true)
    expect(written.trimEnd()).not.toContain('\n')
    expect(JSON.parse(written).msg).toBe('Authorization: Bearer [redacted]"\n at x')
  })
})

describe('the start line', () => {
  it('names the service by its origin: no path, query or user part', () => {
    const fields = startFields({
      version: '1.2.3',
      packaged: true,
      platform: 'win32',
      arch: 'x64',
      versions: { electron: '45.1.0', node: '22.20.0', chrome: '140.0.0.0' },
      profile: {
        id: 'p1',
        kind: 'production',
        baseUrl: 'https://user:pw@api.example.com/v1?api_key=SECRET'
      }
    })
    expect(fields).toMatchObject({
      version: '1.2.3',
      platform: 'win32',
      arch: 'x64',
      electron: '45.1.0',
      node: '22.20.0',
      profile: { id: 'p1', kind: 'production' },
      service: 'https://api.example.com'
    })
    expect(JSON.stringify(fields)).not.toMatch(/SECRET|api_key|user|pw@/)
  })
})

describe('the sync line', () => {
  const summary: SyncSummary = {
    profileId: 'demo',
    full: false,
    startedAt: 1_000,
    finishedAt: 3_500,
    results: [
      { resource: 'listings', mode: 'delta', pages: 1, records: 300, changed: 2, quarantined: 0 },
      {
        resource: 'availability',
        mode: 'delta',
        pages: 1,
        records: 300,
        changed: 0,
        quarantined: 1
      }
    ],
    errors: [{ resource: 'rates', code: 'offline', message: 'The service cannot be reached.' }]
  }

  it('says profile, kind, duration, counts and outcome', () => {
    expect(syncLine(summary)).toBe(
      'sync of profile demo (delta) done with errors in 2.5 s: listings delta 300 records, ' +
        '2 changed; availability delta 300 records, 0 changed, 1 quarantined; rates failed ' +
        '(offline): The service cannot be reached.'
    )
    expect(syncFailedLine('p', true, 1200, { code: 'aborted', message: 'Sync was stopped.' })).toBe(
      'sync of profile p (full) stopped after 1.2 s: Sync was stopped.'
    )
  })
})

describe('"the details are in the log"', () => {
  afterEach(() => setLogFile(undefined))

  it('names the file this process logs to, in the message a bug reaches the window with', () => {
    setLogFile(() => '/home/u/.config/StayDesk/logs/main.3.log')
    expect(toAppError(new TypeError('x is undefined')).toPayload()).toEqual({
      code: 'internal',
      message:
        'Something went wrong inside StayDesk; the details are in the log: ' +
        '/home/u/.config/StayDesk/logs/main.3.log'
    })
  })

  it('names no file, and does not mention a log, where none is written', () => {
    expect(toAppError(new TypeError('x')).message).toBe('Something went wrong inside StayDesk.')
    expect(detailsInLog('StayDesk failed while sending')).toBe('StayDesk failed while sending.')
  })
})
