import { readFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { expect, type Locator, type Page } from '@playwright/test'
import type { SandboxHandle } from '../../../src-main/sandbox'
import type { SandboxStore } from '../../../src-main/sandbox/types'
import type { Opening } from './start'

/** Steps and views of the Bookings screen, as a person uses them (roles, labels, words). */

export async function openBookingsScreen(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Bookings' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible()
}

function recentTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Recent bookings' })
}

export function recentRows(page: Page): Locator {
  return recentTable(page).getByTestId('booking-row')
}

export function bookingDetails(page: Page, id?: string): Locator {
  const details = page.getByTestId('booking-details')
  return id ? details.and(page.locator(`[data-booking-id="${id}"]`)) : details
}

/** Types the id in the lookup bar and opens it; waits for its details. */
export async function openBookingById(page: Page, id: string): Promise<Locator> {
  const lookup = page.getByRole('search', { name: 'Find a booking' })
  // The segmented control's radios are visually hidden: a person clicks the label.
  if (!(await lookup.getByRole('radio', { name: 'By booking id' }).isChecked())) {
    await lookup.locator('label', { hasText: 'By booking id' }).click()
  }
  await lookup.getByLabel('Booking id', { exact: true }).fill(id)
  await lookup.getByRole('button', { name: 'Open booking' }).click()
  const details = bookingDetails(page, id)
  await expect(details).toBeVisible()
  return details
}

/** Opens the window, then the booking by its id on the Bookings screen; its details. */
export async function startOnBooking(
  { page, openApp }: Pick<Opening, 'page' | 'openApp'>,
  id: string
): Promise<Locator> {
  await openApp()
  await openBookingsScreen(page)
  return openBookingById(page, id)
}

/** The value shown for a labelled field of a details section. */
export function field(scope: Locator, label: string): Locator {
  return scope.locator(`td[data-field="${label}"]`)
}

/** Cents as the window writes them (its own locale), so money compares as shown. */
export function money(page: Page, cents: number): Promise<string> {
  return page.evaluate(
    (c) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(c / 100),
    cents
  )
}

export function eurCents(eur: number | string | null | undefined): number {
  return Math.round(Number(eur ?? 0) * 100)
}

/** Demo bookings in a given status, read from the sandbox as it holds them now. */
export function demoBookingsIn(demo: SandboxHandle, status: string) {
  return demo.store.demoBookings().filter((b) => b.status === status)
}

/** The sandbox's own record of a booking (its details as the service sends them). */
export function sandboxBooking(store: SandboxStore, id: string, channel = 'DEMO') {
  return store.readBooking(id, channel)
}

/**
 * Counts the requests the sandbox's store handled for one kind of call (a write, or a quote), by
 * wrapping its method (the HTTP layer calls `ctx.store.cancel(...)` on this very object). A
 * dropped answer still counts: the store applied it.
 */
export function countStoreCalls(
  store: SandboxStore,
  method: 'cancel' | 'pay' | 'quote'
): () => number {
  let calls = 0
  const original = store[method].bind(store) as (...args: unknown[]) => unknown
  ;(store as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
    calls++
    return original(...args)
  }
  return () => calls
}

/** Latin letters only: a name every font on the test machine can print. */
export function printableName(name: string): boolean {
  return /^[\p{Script=Latin}\s'.-]+$/u.test(name)
}

/**
 * The text of a PDF as Chromium prints it: content streams draw glyph ids of subset fonts, and
 * each font's ToUnicode map says which characters they are. Enough to check what a printed
 * page says; whitespace is dropped (glyph positioning, not spaces, often makes the gaps).
 */
export function pdfText(path: string): string {
  const raw = readFileSync(path).toString('latin1')
  const objects = new Map<number, { dict: string; stream: string | null }>()
  const objRe = /(\d+) 0 obj\s*([\s\S]*?)endobj/g
  for (let m = objRe.exec(raw); m; m = objRe.exec(raw)) {
    const body = m[2]
    const s = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body)
    let stream: string | null = null
    if (s) {
      const bytes = Buffer.from(s[1], 'latin1')
      try {
        stream = /FlateDecode/.test(body.slice(0, s.index))
          ? inflateSync(bytes).toString('latin1')
          : s[1]
      } catch {
        stream = null
      }
    }
    objects.set(Number(m[1]), { dict: s ? body.slice(0, s.index) : body, stream })
  }
  // Font resource names (/F4) → that font's glyph-to-text map.
  const cmaps = new Map<number, Map<string, string>>()
  const cmapOf = (fontObj: number): Map<string, string> => {
    const cached = cmaps.get(fontObj)
    if (cached) return cached
    const map = new Map<string, string>()
    const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontObj)?.dict ?? '')
    const text = ref ? (objects.get(Number(ref[1]))?.stream ?? '') : ''
    const hex = (h: string) =>
      String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)))
    for (const block of text.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
      for (const [, src, dst] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        map.set(src.toUpperCase(), hex(dst))
      }
    }
    for (const block of text.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
      for (const [, lo, hi, dst] of block.matchAll(
        /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g
      )) {
        const start = parseInt(lo, 16)
        for (let g = start; g <= parseInt(hi, 16); g++) {
          const code = parseInt(dst, 16) + (g - start)
          map.set(g.toString(16).toUpperCase().padStart(lo.length, '0'), String.fromCodePoint(code))
        }
      }
    }
    cmaps.set(fontObj, map)
    return map
  }
  const fontsIn = (dict: string): Map<string, number> => {
    const names = new Map<string, number>()
    const fonts = /\/Font\s*<<([\s\S]*?)>>/.exec(dict)
    for (const [, name, obj] of fonts?.[1].matchAll(/\/(\S+?)\s+(\d+) 0 R/g) ?? []) {
      names.set(name, Number(obj))
    }
    return names
  }
  const fontNames = new Map<string, number>()
  for (const { dict } of objects.values()) {
    for (const [name, obj] of fontsIn(dict)) fontNames.set(name, obj)
  }
  // Each page names its fonts in its own resources, and two pages may give one name (/F4) to
  // two different fonts: a content stream is read with the fonts of the page that draws it.
  const pageFonts = new Map<number, Map<string, number>>()
  for (const { dict } of objects.values()) {
    if (!/\/Type\s*\/Page\b/.test(dict)) continue
    const resources = /\/Resources\s+(\d+) 0 R/.exec(dict)
    const fonts = fontsIn(resources ? (objects.get(Number(resources[1]))?.dict ?? '') : dict)
    const contents = /\/Contents\s*(?:(\d+) 0 R|\[([^\]]*)\])/.exec(dict)
    const refs = contents?.[1]
      ? [contents[1]]
      : [...(contents?.[2] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => m[1])
    for (const ref of refs) pageFonts.set(Number(ref), fonts)
  }
  let out = ''
  for (const [id, { stream }] of objects) {
    if (!stream || !/\bTf\b/.test(stream)) continue
    const names = pageFonts.get(id) ?? fontNames
    let font: Map<string, string> | undefined
    for (const [, name, hex] of stream.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]+)>/g)) {
      if (name) {
        const obj = names.get(name) ?? fontNames.get(name)
        font = obj !== undefined ? cmapOf(obj) : undefined
      } else if (font && hex) {
        for (const glyph of hex.match(/.{4}/g) ?? []) out += font.get(glyph.toUpperCase()) ?? ''
      }
    }
  }
  return out.replace(/\s+/g, '')
}
