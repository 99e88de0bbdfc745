import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'
import { askQuote } from './ask'

export function quoteHandlers(
  ctx: AppContext,
  refreshedAt: ReadonlyMap<number, number>
): DomainHandlers<'quotes'> {
  return { 'quotes:ask': (input) => askQuote(ctx, input, refreshedAt) }
}
