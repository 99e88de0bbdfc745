import { userInfo } from 'node:os'
import type { JournalEntry, SettleInput } from '@shared/ipc/journal.schema'
import type { ProfileContext } from '../context'

/** The computer's account name: who settled a write, as far as StayDesk can tell. */
function accountName(): string {
  try {
    return userInfo().username || 'unknown account'
  } catch {
    return 'unknown account'
  }
}

/**
 * Settles by hand a write whose outcome is unknown: the agent found out (read the booking again
 * later, asked the guest or the property manager) and records what, with a note. Nothing is sent
 * to the service; the journal keeps the write's unknown outcome and, beside it, the settlement
 * with who made it and when.
 */
export function settleWrite(
  ctx: ProfileContext,
  input: SettleInput,
  by: () => string = accountName
): JournalEntry {
  const p = ctx.profile()
  const entry = ctx.journal.settle(input, {
    profile: { id: p.id, name: p.name, kind: p.kind, baseUrl: p.baseUrl },
    by: by()
  })
  ctx.log(`write ${entry.id} (${entry.action}) settled by hand as ${input.result}`)
  ctx.journalChanged(entry.id)
  return entry
}
