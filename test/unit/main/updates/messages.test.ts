import { afterEach, describe, expect, it } from 'vitest'
import { setLogFile } from '../../../../src-main/errors'
import {
  checkFailed,
  downloadFailed,
  feedProblem,
  isFeedFailure,
  unreachable
} from '../../../../src-main/updates/messages'

/** Errors shaped as electron-updater and builder-util-runtime raise them. */
const coded = (message: string, code: string, extra: object = {}) =>
  Object.assign(new Error(message), { code }, extra)

describe('what the feed did, in words', () => {
  it('names the missing channel file of a 404', () => {
    const err = coded(
      'Cannot find channel "latest-linux.yml" update info: HttpError: 404 Not Found\nHeaders: {}',
      'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND'
    )
    expect(feedProblem(err)).toBe('it has no latest-linux.yml (HTTP 404)')
  })

  it('gives the status of another HTTP failure, without headers or stack', () => {
    const err = coded('500 Internal Server Error\nHeaders: {"server":"x"}', 'HTTP_ERROR_500', {
      statusCode: 500
    })
    expect(feedProblem(err)).toBe('it answered HTTP 500')
    const download = new Error(
      'Cannot download "http://f.example/a.AppImage", status 403: Forbidden'
    )
    expect(feedProblem(download)).toBe('it answered HTTP 403')
  })

  it('says what the network did', () => {
    expect(feedProblem(coded('getaddrinfo ENOTFOUND feed', 'ENOTFOUND'))).toBe(
      'its host name could not be found'
    )
    expect(feedProblem(new Error('Request timed out'))).toBe('it did not answer in time')
    expect(feedProblem(coded('x', 'CERT_HAS_EXPIRED'))).toBe(
      'its security certificate could not be verified'
    )
    expect(unreachable('https://u.example/', coded('connect ECONNREFUSED', 'ECONNREFUSED'))).toBe(
      'Could not reach the update feed at https://u.example/: the connection was refused (is ' +
        'the feed server running?).'
    )
  })

  it('keeps an unknown failure to its first line', () => {
    expect(feedProblem(new Error('something odd\n    at stack (x.js:1:1)'))).toBe('something odd')
  })
})

describe('a feed failure, told apart from a bug', () => {
  it('is any error with a code or an HTTP status, or a download the feed did not serve', () => {
    expect(isFeedFailure(coded('connect ECONNREFUSED', 'ECONNREFUSED'))).toBe(true)
    expect(isFeedFailure(coded('bad yml', 'ERR_UPDATER_INVALID_UPDATE_INFO'))).toBe(true)
    expect(isFeedFailure(Object.assign(new Error('502'), { statusCode: 502 }))).toBe(true)
    expect(isFeedFailure(new Error('Cannot download "http://f/x", status 500: x'))).toBe(true)
    expect(isFeedFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      false
    )
  })

  afterEach(() => setLogFile(undefined))

  it('a bug in a download is not blamed on the feed, and names the log file with its details', () => {
    setLogFile(() => '/home/ana/.config/StayDesk/logs/main.1.log')
    expect(
      downloadFailed('0.2.0', 'https://u.example/', new TypeError('x is not a function'))
    ).toBe(
      'StayDesk 0.2.0 could not be downloaded and nothing was installed; StayDesk offers it ' +
        'again at the next check; the details are in the log: ' +
        '/home/ana/.config/StayDesk/logs/main.1.log'
    )
    expect(checkFailed()).toBe(
      'StayDesk could not check for updates; the details are in the log: ' +
        '/home/ana/.config/StayDesk/logs/main.1.log'
    )
  })

  it('points at no log when the process keeps none', () => {
    expect(downloadFailed('0.2.0', 'https://u.example/', new TypeError('x'))).toBe(
      'StayDesk 0.2.0 could not be downloaded and nothing was installed; StayDesk offers it ' +
        'again at the next check.'
    )
    expect(checkFailed()).toBe('StayDesk could not check for updates.')
  })
})
