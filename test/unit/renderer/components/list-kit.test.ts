import { describe, expect, it } from 'vitest'
import { createElement as h, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MantineProvider } from '@mantine/core'
import { FilterBar, filterSetter } from '../../../../src-renderer/src/components/FilterBar'
import { AllSelect } from '../../../../src-renderer/src/components/filter-fields'
import { ListPages } from '../../../../src-renderer/src/components/ListPages'
import { ListTable } from '../../../../src-renderer/src/components/ListTable'
import { SegmentedChoice } from '../../../../src-renderer/src/components/SegmentedChoice'

/** The kit shared by History, Journal and Recent bookings, rendered as the window gets it. */
function html(node: ReactNode): string {
  return renderToStaticMarkup(h(MantineProvider, null, node))
}
const count = (text: string, part: string) => text.split(part).length - 1
const noop = () => {}

interface Filters {
  guest: string
  status: string | null
}
const NONE: Filters = { guest: '', status: null }
const isSet = (f: Filters) => f.guest !== '' || f.status !== null

describe('a filter bar', () => {
  const bar = (value: Filters) =>
    html(
      h(FilterBar<Filters>, {
        label: 'Filter bookings',
        value,
        onChange: noop,
        none: NONE,
        isSet,
        children: h('input', { 'aria-label': 'Guest name' })
      })
    )

  it('is a search landmark named for what it filters', () => {
    expect(bar(NONE)).toContain('role="search" aria-label="Filter bookings"')
  })

  it('offers "Clear filters" only once a filter is set', () => {
    expect(bar(NONE)).not.toContain('Clear filters')
    expect(count(bar({ guest: 'Ann', status: null }), 'Clear filters')).toBe(1)
  })

  it('changes one filter and keeps the others', () => {
    let next: Filters | null = null
    const set = filterSetter<Filters>({
      value: { guest: 'Ann', status: null },
      onChange: (f) => (next = f)
    })
    set('status', 'confirmed')
    expect(next).toEqual({ guest: 'Ann', status: 'confirmed' })
  })
})

describe('a choice among values or all of them', () => {
  const select = (value: 'cancel' | 'pay' | null) =>
    html(
      h(AllSelect<'cancel' | 'pay'>, {
        label: 'Action',
        all: 'All actions',
        choices: ['cancel', 'pay'],
        words: { cancel: 'Cancel', pay: 'Pay' },
        value,
        onChange: noop
      })
    )

  it('shows "All …" when nothing is chosen, and a value in its words', () => {
    expect(select(null)).toContain('value="All actions"')
    expect(select('pay')).toContain('value="Pay"')
  })
})

describe('a segmented choice', () => {
  it('is labelled by its visible name', () => {
    const out = html(
      h(SegmentedChoice, {
        label: 'Kind',
        data: [
          { value: 'all', label: 'All' },
          { value: 'price', label: 'Prices' }
        ],
        value: 'all',
        onChange: noop
      })
    )
    const id = /<p[^>]* id="([^"]+)"[^>]*>Kind<\/p>/.exec(out)?.[1]
    expect(id).toBeTruthy()
    expect(out).toContain(`aria-labelledby="${id}"`)
  })
})

describe('the pages under a list', () => {
  const pages = (total: number, page: number) =>
    html(h(ListPages, { total, pageSize: 25, page, onChange: noop, label: 'Journal pages' }))

  it('are not shown while the list fits one page', () => {
    expect(pages(0, 1)).not.toContain('<button')
    expect(pages(25, 1)).not.toContain('Journal pages')
    expect(pages(26, 1)).toContain('Journal pages')
  })

  it('are a navigation named for the list, one button a page', () => {
    const out = pages(51, 1)
    expect(out).toContain('aria-label="Journal pages"')
    for (const n of [1, 2, 3]) expect(out).toMatch(new RegExp(`>${n}</button>`))
    expect(out).not.toMatch(/>4<\/button>/)
  })

  it('show a page past the end (the list shrank) as the last one', () => {
    expect(pages(51, 7)).toMatch(/aria-current="page"[^>]*>3<\/button>/)
  })
})

describe('the table of a list page', () => {
  const table = (rows: string[] | undefined) =>
    html(
      h(ListTable<string>, {
        label: 'Journal of writes',
        columns: [{ label: 'Sent' }, { label: 'Details', hidden: true }],
        minWidth: 600,
        busy: rows === undefined,
        placeholders: 3,
        rows,
        row: (r) => h('tr', { key: r, 'data-testid': 'row' }, h('td', null, r))
      })
    )

  it('shows rows of placeholders, one cell a column, until the page has come', () => {
    const out = table(undefined)
    expect(out).toContain('aria-busy="true"')
    expect(count(out, 'mantine-Skeleton-root')).toBe(6)
  })

  it('shows one row an item under headings, a hidden one said to screen readers', () => {
    const out = table(['a', 'b'])
    expect(out).toContain('aria-label="Journal of writes"')
    expect(count(out, 'data-testid="row"')).toBe(2)
    expect(out).not.toContain('mantine-Skeleton-root')
    expect(out).toMatch(/<th[^>]*>Sent<\/th>/)
    expect(out).toMatch(/<th[^>]*><span class="[^"]*VisuallyHidden[^"]*">Details<\/span><\/th>/)
  })
})
