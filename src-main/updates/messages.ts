import { errorCode } from '../api/transport-errors'
import { detailsInLog } from '../errors'

/**
 * What the user is told about updates, in one place so the service reads as a flow and the
 * tests can name the sentences. The feed is a web server of its own: when it fails, the words
 * say what the feed did, never that StayDesk failed. A failure of StayDesk's own points at the
 * log file that holds its details (detailsInLog names main.log's current file), so the
 * sentences are built when they are said, not once at load.
 */

export const NOT_SET_UP = 'Updates are not set up for this build.'

export const latest = (current: string): string => `You have the latest version, ${current}.`

export const available = (version: string, current: string): string =>
  `StayDesk ${version} is available (you have ${current}). Download it now?`

export const restart = (version: string): string =>
  `Restart StayDesk to install ${version} now? If you choose Later, StayDesk offers it again ` +
  'at its next start (or when you check for updates); it is not installed without you.'

export const restartAfterWrites = (version: string): string =>
  `The write to the production service has its answer. Restart StayDesk to install ${version} now?`

export const waitingForWrites = (version: string, writes: number): string =>
  `StayDesk will restart to install ${version} once ${
    writes === 1 ? 'the write it is sending' : `the ${writes} writes it is sending`
  } to the production service ${writes === 1 ? 'has its answer' : 'have their answers'}: ` +
  'restarting now would cut it off and leave its outcome unknown. You will be asked again then.'

export const busy = (what: string): string => `${what} Wait for it to finish, then check again.`

export const unreachable = (url: string, err: unknown): string =>
  `Could not reach the update feed at ${url}: ${feedProblem(err)}.`

export const checkFailed = (): string => detailsInLog('StayDesk could not check for updates')

export function downloadFailed(version: string, url: string, err: unknown): string {
  const again = 'Nothing was installed; StayDesk offers it again at the next check.'
  if (errorCode(err) === 'ERR_CHECKSUM_MISMATCH') {
    return (
      `The download of StayDesk ${version} did not match the checksum the update feed gives ` +
      `for it, so it was discarded. ${again}`
    )
  }
  if (!isFeedFailure(err)) {
    // The log's file comes last, so that no word of the sentence is read as part of its path.
    return detailsInLog(
      `StayDesk ${version} could not be downloaded and nothing was installed; StayDesk offers ` +
        'it again at the next check'
    )
  }
  return `StayDesk ${version} could not be downloaded from the update feed at ${url}: ${feedProblem(err)}. ${again}`
}

/**
 * A failure of the feed or of the way to it (a network or HTTP error, a bad update file), as
 * opposed to a bug: electron-updater and Node give every one of those a code or a status.
 */
export function isFeedFailure(err: unknown): boolean {
  if (errorCode(err) !== undefined) return true
  if (typeof (err as { statusCode?: unknown })?.statusCode === 'number') return true
  const message = err instanceof Error ? err.message : ''
  return /timed out|^Cannot download "|aborted by the server/i.test(message)
}

const BY_CODE: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (is the feed server running?)',
  ENOTFOUND: 'its host name could not be found',
  EAI_AGAIN: 'its host name could not be looked up (is this computer online?)',
  ENETUNREACH: 'the network is unreachable (is this computer online?)',
  EHOSTUNREACH: 'its host is unreachable',
  ECONNRESET: 'the connection was cut off',
  ETIMEDOUT: 'it did not answer in time',
  ERR_UPDATER_INVALID_UPDATE_INFO: 'its update file could not be read',
  ERR_UPDATER_INVALID_VERSION: 'its update file names no valid version',
  ERR_UPDATER_NO_FILES_PROVIDED: 'its update file names no file for this platform',
  ERR_UPDATER_NO_CHECKSUM: 'its update file gives no checksum for the update'
}

/** What the feed did, in a few words; electron-updater's own messages carry stacks and headers. */
export function feedProblem(err: unknown): string {
  const code = errorCode(err)
  const message = err instanceof Error ? err.message : String(err)
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND') {
    const file = /"([^"]+\.yml)"/.exec(message)?.[1] ?? 'its update file'
    return `it has no ${file} (HTTP 404)`
  }
  if (code && BY_CODE[code]) return BY_CODE[code]
  if (code && /^(CERT_|ERR_TLS_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/.test(code)) {
    return 'its security certificate could not be verified'
  }
  if (/timed out/i.test(message)) return BY_CODE.ETIMEDOUT
  const status =
    (err as { statusCode?: unknown })?.statusCode ?? /\bstatus (\d{3})\b/.exec(message)?.[1]
  if (status !== undefined) return `it answered HTTP ${String(status)}`
  const first = message.split('\n')[0].trim()
  return first.length > 200 ? `${first.slice(0, 200)}…` : first || 'no reason given'
}
