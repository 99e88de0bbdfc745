import { expect, test } from './fixtures'
import { listingRows, openPalette, paletteResults } from './harness/screens'

test('Ctrl+K finds a listing by its id and opens its details', async ({ page, demo, openApp }) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()
  // The last listing sits on the table's second page, so only the palette brings it up here.
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

  const details = page.getByRole('dialog', { name })
  await expect(details).toBeVisible()
  await expect(details.getByTestId('listing-fields')).toContainText(String(id))
  await expect(search).toBeHidden()
})

test('the palette jumps to a screen', async ({ page, openApp }) => {
  await openApp()
  const search = await openPalette(page)
  await search.fill('sync')
  await paletteResults(page).filter({ hasText: 'Open the Sync screen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible()
})
