import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { listingRows } from './harness/screens'

/** What has keyboard focus now, and whether a person can see where it is. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const d = (globalThis as unknown as { document: { activeElement: unknown } }).document
    interface El {
      tagName: string
      textContent: string | null
      nextElementSibling: El | null
      getAttribute(n: string): string | null
      getBoundingClientRect(): { width: number; height: number }
    }
    const el = d.activeElement as El | null
    if (!el) return null
    const styleOf = (
      globalThis as unknown as {
        getComputedStyle(e: unknown): {
          outlineStyle: string
          outlineWidth: string
          boxShadow: string
          opacity: string
        }
      }
    ).getComputedStyle
    // A switch's own input is transparent: its track, right after it, shows the focus.
    const shown = styleOf(el).opacity === '0' && el.nextElementSibling ? el.nextElementSibling : el
    const style = styleOf(shown)
    const box = shown.getBoundingClientRect()
    return {
      what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
      visible: box.width > 0 && box.height > 0,
      ring:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none'
    }
  })
}

test('every control of the Listings screen is reached with Tab and shows where focus is', async ({
  page,
  openApp
}) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()
  const seen: string[] = []
  const problems: string[] = []
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab')
    const f = await focused(page)
    if (!f || f.what.startsWith('body')) continue
    seen.push(f.what)
    if (!f.visible || !f.ring) problems.push(`${f.what}: ${f.visible ? 'no focus ring' : 'hidden'}`)
  }
  expect(problems, 'focused controls without a visible focus ring').toEqual([])
  // The way through the screen: skip link, navigation, palette, filters, sorting, the rows.
  for (const expected of [/Skip to content/, /Listings/, /Search/, /Sort by Name/, /a "/]) {
    expect(
      seen.some((s) => expected.test(s)),
      `Tab reaches ${expected}`
    ).toBe(true)
  }
})

test('the whole app works from the keyboard: screens, a listing, its page and back', async ({
  page,
  openApp
}) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()

  await test.step('shortcuts change screens; focus lands on the screen', async () => {
    await page.keyboard.press('Control+9')
    await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible()
    await page.keyboard.press('Control+1')
    await expect(page.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible()
  })

  await test.step('arrow keys move between listings, Enter opens one, Back returns to it', async () => {
    await listingRows(page).first().getByRole('button').focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    const third = listingRows(page).nth(2)
    const id = await third.getAttribute('data-listing-id')
    await expect(third.getByRole('button')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('listing-fields')).toContainText(id!)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    await page.getByRole('button', { name: 'Back to listings' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('listing-fields')).toBeHidden()
    await expect(
      page.locator(`[data-testid="listing-row"][data-listing-id="${id}"]`).getByRole('button')
    ).toBeFocused()
  })

  await test.step('End goes to the last listing, scrolling the table to it', async () => {
    await page.keyboard.press('End')
    await expect(
      page.locator('[data-testid="listing-row"][aria-rowindex="61"]').getByRole('button')
    ).toBeFocused()
    await page.keyboard.press('Home')
    await expect(listingRows(page).first().getByRole('button')).toBeFocused()
  })

  await test.step('a column sorts with Enter on its header', async () => {
    await page.getByRole('button', { name: 'Sort by Guests' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('columnheader', { name: /Guests/ })).toHaveAttribute(
      'aria-sort',
      'ascending'
    )
  })
})
