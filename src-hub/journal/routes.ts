import type { HubJournalEntry, HubJournalPage } from '@shared/hub/answers'
import { hubEnvOf, queryOf } from '../bookings/routes'
import { HubInputError } from '../errors'
import { requireRole, type HubRoutes } from '../server'
import { bodyOf } from '../writes/request'
import { JournalQuery, listJournal, SettleBody, SettleRefused, settleWrite } from './query'

/** The team's journal under `/hub/v1/<env>/journal`: read by anyone, settled by an agent. */
export const registerJournalRoutes: HubRoutes = (app, deps) => {
  app.get('/hub/v1/:env/journal', requireRole('journal:read'), async (c) => {
    const env = hubEnvOf(c)
    const page: HubJournalPage = await listJournal(deps.db, env, queryOf(c, JournalQuery))
    return c.json(page)
  })

  app.post('/hub/v1/:env/journal/:id/settle', requireRole('journal:settle'), async (c) => {
    const env = hubEnvOf(c)
    const idText = c.req.param('id')
    if (!/^\d{1,9}$/.test(idText)) throw new HubInputError(`write id "${idText}": a whole number`)
    const input = await bodyOf(c, SettleBody)
    try {
      const entry = await settleWrite(deps.db, env, Number(idText), c.get('identity').userId, input)
      deps.log.info({ journalId: entry.id, result: input.result }, 'write settled by hand')
      return c.json(entry satisfies HubJournalEntry)
    } catch (err) {
      if (err instanceof SettleRefused) return c.json({ message: err.message }, 409)
      throw err
    }
  })
}
