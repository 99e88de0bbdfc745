import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../context'
import { askQuote } from './ask'

export function quoteHandlers(
  core: AppCore,
  refreshedAt: ReadonlyMap<number, number>
): DomainHandlers<'quotes'> {
  return { 'quotes:ask': (input) => askQuote(core.desk, input, refreshedAt) }
}
