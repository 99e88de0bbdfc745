import { AppError } from '../errors'

/**
 * Why a kept store could not be opened. Each names the file: unlike a mirror, a kept store is
 * never moved aside or rebuilt (the service can't give its references back, and its bookings
 * are the desk's own reads), so the person, or support, has to find it.
 */

/** The file was migrated by a later StayDesk; this version's code must not write to it. */
export class KeptTooNewError extends AppError {
  constructor(
    readonly file: string,
    readonly migration: string
  ) {
    super(
      'database',
      `The kept references and bookings ${file} were written by a newer version of StayDesk ` +
        `(migration ${migration}); update StayDesk or choose another profile.`
    )
    this.name = 'KeptTooNewError'
  }
}

/** The file failed SQLite's integrity check or is not a database. It is left exactly as it is. */
export class KeptDamagedError extends AppError {
  readonly detail: string

  constructor(
    readonly file: string,
    detail: string
  ) {
    super(
      'database',
      `The file of kept references and bookings ${file} is damaged and could not be read; ` +
        'StayDesk left it as it is. Keep a copy for support, and move it elsewhere to start ' +
        'without the references and bookings it held.'
    )
    this.name = 'KeptDamagedError'
    this.detail = detail
  }
}

/** Any other failure to open or migrate the file; `detail` is for the log. */
export class KeptOpenError extends AppError {
  readonly detail: string

  constructor(
    readonly file: string,
    override readonly cause: unknown,
    migration?: string
  ) {
    super(
      'database',
      migration === undefined
        ? `The file of kept references and bookings ${file} could not be opened.`
        : `The file of kept references and bookings ${file} could not be updated to this ` +
            'version of StayDesk; it was left at its previous version.'
    )
    this.name = 'KeptOpenError'
    this.detail = `${migration === undefined ? 'open' : `migration ${migration}`}: ${String(cause)}`
  }
}
