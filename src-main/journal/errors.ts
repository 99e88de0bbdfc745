import { AppError } from '../errors'

/**
 * Why an audit journal could not be opened. Each names the file: unlike a mirror, a journal is
 * never moved aside or rebuilt (it is the record of what was done), so the person, or support,
 * has to find it.
 */

/** The file was migrated by a later StayDesk; this version's code must not write to it. */
export class JournalTooNewError extends AppError {
  constructor(
    readonly file: string,
    readonly migration: string
  ) {
    super(
      'database',
      `The audit journal ${file} was written by a newer version of StayDesk (migration ` +
        `${migration}); update StayDesk to record writes in it.`
    )
    this.name = 'JournalTooNewError'
  }
}

/** The file failed SQLite's integrity check or is not a database. It is left exactly as it is. */
export class JournalDamagedError extends AppError {
  readonly detail: string

  constructor(
    readonly file: string,
    detail: string
  ) {
    super(
      'database',
      `The audit journal ${file} is damaged and could not be read; StayDesk left it as it is. ` +
        'Keep a copy for support, and move it elsewhere to start a new journal.'
    )
    this.name = 'JournalDamagedError'
    this.detail = detail
  }
}

/**
 * Any other failure to open the file (a folder that doesn't exist or can't be written, a file
 * locked by another program) or to migrate it; `detail` is for the log.
 */
export class JournalOpenError extends AppError {
  readonly detail: string

  constructor(
    readonly file: string,
    override readonly cause: unknown,
    migration?: string
  ) {
    super(
      'database',
      migration === undefined
        ? `The audit journal ${file} could not be opened; writes to the service are not ` +
            'possible until it can be.'
        : `The audit journal ${file} could not be updated to this version of StayDesk; it was ` +
            'left at its previous version.'
    )
    this.name = 'JournalOpenError'
    this.detail = `${migration === undefined ? 'open' : `migration ${migration}`}: ${String(cause)}`
  }
}
