/** The offline mirror: open it with openMirror; everything else is its types. */
export { openMirror, type Mirror } from './mirror'
export { MirrorMigrationError, MirrorTooNewError } from './errors'
export type { CommitPage, PreparedOf, RecordOf } from './commit-page'
export type { SyncCursor } from './repos/sync-state'
export type { QuarantineInput } from './repos/quarantine'
