/**
 * A request the hub refuses because of what it was asked: an unknown role or user, a name
 * taken, a malformed option. The command line exits 2 with its sentence; the HTTP server
 * answers 400 with it. Anything else thrown is a fault of the hub or its database.
 */
export class HubInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'HubInputError'
  }
}

/** The hub's database could not be opened or reached; the sentence says which and why. */
export class HubDatabaseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'HubDatabaseError'
  }
}
