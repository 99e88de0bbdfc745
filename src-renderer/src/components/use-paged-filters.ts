import { useDeferredValue } from 'react'
import { useScreenState } from '../app/screen-state'

/**
 * A filtered, paged list's own state (History, Journal, Recent bookings), kept per profile under
 * `<name>.filters` and `<name>.page`: new filters go back to page 1, and the list asks with the
 * deferred filters so typing stays ahead of the table.
 */
export function usePagedFilters<F>(name: string, none: F, pageSize: number) {
  const [filters, setFilters] = useScreenState<F>(`${name}.filters`, none)
  const [page, setPage] = useScreenState(`${name}.page`, 1)
  const deferred = useDeferredValue(filters)
  const change = (next: F) => {
    setFilters(next)
    setPage(1)
  }
  // What the list's <ListPages> takes besides the total and its name.
  const pager = { page, pageSize, onChange: setPage }
  return { filters, setFilters, deferred, change, page, setPage, pager }
}
