import { expect, test } from './fixtures'
import { listingRows, openPalette, paletteResults } from './harness/screens'

test('Ctrl+K finds a listing by its id and opens its page', async ({ page, demo, openApp }) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()
  // The last listing is far down the table, out of view: the palette brings it up at once.
  const id = demo.store.listingIds().at(-1)!
  // The app names a listing by its English headline.
  const name = demo.store.listing(id)?.description?.EN?.headline ?? ''
  expect(name, 'the sandbox gives its listings English headlines').not.toBe('')

  const search = await openPalette(page)
  await search.fill(String(id))
  const result = paletteResults(page).filter({ hasText: new RegExp(`#${id}\\b`) })
  await expect(result, 'the listing is found by its id').toBeVisible()
  await expect(result).toContainText(name)
  await result.click()

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByTestId('listing-fields')).toContainText(String(id))
  await expect(search).toBeHidden()
  // Its fields are the sandbox's own record.
  const l = demo.store.listing(id)!
  await expect(page.getByTestId('listing-fields')).toContainText(l.referenceNumber!)
  await expect(page.getByTestId('house-rules')).toHaveText(l.houseRules!)
})

test('the palette jumps to a screen', async ({ page, openApp }) => {
  await openApp()
  const search = await openPalette(page)
  await search.fill('sync')
  await paletteResults(page).filter({ hasText: 'Open the Sync screen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible()
})
