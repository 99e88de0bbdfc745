/**
 * The mirror file was migrated by a later StayDesk: running this version's code against that
 * schema could corrupt it, so opening stops here and the user is told what to do.
 */
export class MirrorTooNewError extends Error {
  override readonly name = 'MirrorTooNewError'

  constructor(readonly migration: string) {
    super(
      `This mirror database was written by a newer version of StayDesk (migration ${migration}); ` +
        'update StayDesk or choose another profile.'
    )
  }
}

/** A migration failed; the file is left at the last migration that completed. */
export class MirrorMigrationError extends Error {
  override readonly name = 'MirrorMigrationError'

  constructor(
    readonly migration: string | undefined,
    override readonly cause: unknown
  ) {
    super(
      `Could not update the mirror database (migration ${migration ?? 'unknown'}): ${String(cause)}`
    )
  }
}
