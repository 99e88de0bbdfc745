import { AppError } from '../errors'

/**
 * The mirror file was migrated by a later StayDesk: running this version's code against that
 * schema could corrupt it, so opening stops here and the user is told what to do.
 */
export class MirrorTooNewError extends AppError {
  constructor(readonly migration: string) {
    super(
      'database',
      `This mirror database was written by a newer version of StayDesk (migration ${migration}); ` +
        'update StayDesk or choose another profile.'
    )
    this.name = 'MirrorTooNewError'
  }
}

/**
 * A migration failed; the file is left at the last migration that completed. The sentence is
 * for the person; `detail` (which migration, and what SQLite said) is for the log.
 */
export class MirrorMigrationError extends AppError {
  readonly detail: string

  constructor(
    readonly migration: string | undefined,
    override readonly cause: unknown
  ) {
    super(
      'database',
      'The offline copy of this profile could not be updated to this version of StayDesk; ' +
        'a full resync rebuilds it.'
    )
    this.name = 'MirrorMigrationError'
    this.detail = `migration ${migration ?? 'unknown'}: ${String(cause)}`
  }
}
