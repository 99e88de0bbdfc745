import { expect, test } from './fixtures'
import { bookingDetails, openBookingsScreen } from './harness/bookings'
import { listingSection, openListingById } from './harness/listings'

/**
 * Wording (issue 20): what a screen says is true and whole. Seasons with their dates (or that
 * the service publishes none) and their effect in words; a lookup that finds nothing says what
 * is true and suggests no sync; an own reference is found in any case.
 */

test('the listing page says each season with its dates and its effect in words', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  const id = demo.store.listingIds()[0]
  const rules = demo.store.listing(id)!.specialRates!.seasonPriceRules as {
    name: string
    priceIncreasePercent?: number
    priceDecreasePercent?: number
  }[]
  await openListingById(page, id)
  const seasons = listingSection(page, 'listing-fees').getByTestId('field-seasons')
  const items = seasons.getByRole('listitem')
  await expect(items).toHaveCount(rules.length)
  for (const [i, rule] of rules.entries()) {
    // The sandbox publishes no dates for its seasons: said, not left out.
    const effect =
      rule.priceIncreasePercent !== undefined
        ? `+${rule.priceIncreasePercent}%`
        : `−${rule.priceDecreasePercent}%`
    await expect(items.nth(i)).toHaveText(`${rule.name}, dates not published: prices ${effect}`)
  }
  await expect(seasons).not.toContainText('percent')
})

test('a booking lookup that finds nothing says what is true; an own reference is found in any case', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  await openBookingsScreen(page)
  const lookup = page.getByRole('search', { name: 'Find a booking' })

  await test.step('an id the service does not know: no sync is offered as a remedy', async () => {
    await lookup.getByLabel('Booking id', { exact: true }).fill('SB99999999')
    await lookup.getByRole('button', { name: 'Open booking' }).click()
    const problem = page.getByTestId('booking-problem')
    await expect(problem).toContainText(
      'The service has no booking SB99999999 for sales channel DEMO.'
    )
    await expect(problem).toContainText('a sync does not bring bookings')
    await expect(problem).not.toContainText('a sync refreshes')
    await problem.page().getByRole('button', { name: 'Back to the list' }).click()
  })

  await test.step('an own reference typed in another case opens its booking', async () => {
    const referenced = demo.demoBookings.find((b) => /[A-Z]/.test(b.ownReference ?? ''))!
    await lookup.locator('label', { hasText: 'By own reference' }).click()
    await expect(lookup).toContainText('in any case')
    await lookup
      .getByLabel('Own reference', { exact: true })
      .fill(referenced.ownReference!.toLowerCase())
    await lookup.getByRole('button', { name: 'Open booking' }).click()
    await expect(bookingDetails(page, referenced.id)).toBeVisible()
  })
})
