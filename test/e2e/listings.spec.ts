import { expect, test } from './fixtures'
import { listingRows } from './harness/screens'

test('sorting a column orders the whole portfolio, and the next page continues it', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()
  const guestsOf = (id: number) => Number(demo.store.listing(id)?.maxGuest)
  const ids = demo.store.listingIds()
  // Most guests first, ties by id: what the first rows of pages 1 and 2 (50 rows a page) must show.
  const expected = [...ids].sort((a, b) => guestsOf(b) - guestsOf(a) || a - b)

  const sortByGuests = page.getByRole('button', { name: 'Sort by Guests' })
  await sortByGuests.click()
  await sortByGuests.click()
  await expect(page.getByRole('columnheader', { name: /Guests/ })).toHaveAttribute(
    'aria-sort',
    'descending'
  )
  const firstId = () => listingRows(page).first().getAttribute('data-listing-id')
  await expect.poll(firstId).toBe(String(expected[0]))
  await expect(listingRows(page)).toHaveCount(50)

  await page.getByRole('button', { name: 'Next page' }).click()
  await expect.poll(firstId).toBe(String(expected[50]))
  // The third click goes back to the order by id, from the first page.
  await sortByGuests.click()
  await expect.poll(firstId).toBe(String(ids[0]))
})
