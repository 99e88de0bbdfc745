/**
 * The kept store: the references a profile set and the bookings it read, in a SQLite file of
 * its own beside the mirror, which a mirror's rebuild never touches. The mirror opens it and
 * attaches it (src-main/db/connection.ts), so its repos and the booking lists read it as before.
 */
export { openKeptDatabase, migrateKept } from './connection'
export { keptFileBeside } from './files'
export { KeptDamagedError, KeptTooNewError } from './errors'
