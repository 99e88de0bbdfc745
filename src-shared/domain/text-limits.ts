/**
 * How long the free text a person types may be. The spec sets no limits; these are StayDesk's,
 * checked by the forms and by main (the IPC schemas), so a pasted page of text is refused on
 * its field instead of being sent, kept, and drawn 69,000 pixels wide. Generous for real data:
 * a name, an address, a note.
 */
export const TEXT_LIMITS = {
  guestName: 100,
  email: 254,
  phone: 40,
  address: 300,
  /** A booking's note to the property manager. */
  notes: 4000,
  /** A cancellation's reason and message: see CANCEL_REASON_MAX / CANCEL_MESSAGE_MAX. */
  reason: 500,
  message: 2000
} as const

/** zod's .max() message in the words every form shows. */
export function atMost(max: number): string {
  return `must be at most ${max.toLocaleString('en')} characters`
}
