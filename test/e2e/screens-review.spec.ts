import type { Locator } from '@playwright/test'
import type { Listing } from '@shared/api/listing.schema'
import { dateRange, sentenceDate } from '@shared/domain/date-words'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { foldText } from '@shared/domain/text'
import { expect, saveScreenshot, test } from './fixtures'
import { chooseRadio, openCalendar, waitForSync } from './harness/calendar'
import { createProfile, profileCard, testConnection } from './harness/profiles'
import { shots } from './harness/pictures'
import { navTo, openPalette, pageOverflow, paletteResults } from './harness/screens'
import type { SandboxHandle } from '../../src-main/sandbox'

/**
 * Issue 20's last point: the screens it did not name (Profiles, which is the app's settings,
 * About, the command palette and the calendar's timeline) tried for the same kinds of defect,
 * each figure checked against the sandbox's own records: long text that widens the window, a
 * field changed without a word, a test result with no time that still says "works" once the
 * service is gone, a list cut to its first rows as if it were all, days past the service's
 * window blamed on the offline copy.
 */

/**
 * The texts inside `box` that reach past its right edge, or are cut by their own box (a button
 * label clipped to "Delete “NNN…"): a long word that does not wrap.
 */
function overflowingTexts(box: Locator): Promise<string[]> {
  return box.evaluate((root) => {
    interface El {
      getBoundingClientRect(): { right: number }
      querySelectorAll(s: string): Iterable<El>
      textContent: string | null
      children: { length: number }
      scrollWidth: number
      clientWidth: number
    }
    const r = root as unknown as El
    const edge = r.getBoundingClientRect().right + 1
    return Array.from(r.querySelectorAll('*'))
      .filter(
        (e) =>
          (e.children.length === 0 && e.getBoundingClientRect().right > edge) ||
          ((e.textContent ?? '').length > 0 && e.scrollWidth > e.clientWidth + 1)
      )
      .map((e) => (e.textContent ?? '').slice(0, 40))
  })
}

/** Listings whose id, reference, any headline or town holds `word`, as the sandbox has them. */
function storeMatches(store: SandboxHandle['store'], word: string): number {
  const w = foldText(word.toLowerCase())
  return store.listingIds().filter((id) => {
    const l = store.listing(id) as Listing
    const texts = [
      String(id),
      l.referenceNumber ?? '',
      l.location?.city ?? '',
      ...Object.values(l.description ?? {}).map((d) => d?.headline ?? '')
    ]
    return texts.some((t) => foldText(t.toLowerCase()).includes(w))
  }).length
}

test('Profiles: a 2,000-letter base URL and a 60-letter name wrap on the card and in its dialogs', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  const name = 'N'.repeat(60)
  // 2,000 characters in all: the longest base URL a profile takes.
  const baseUrl = `${demo.url}/`.padEnd(2000, 'a')
  const card = await createProfile(page, { name, baseUrl, salesChannel: 'TST1' })
  expect(await pageOverflow(page), 'pixels the Profiles screen reaches past the window').toBe(0)
  expect(await overflowingTexts(card)).toEqual([])
  // The switch button beside the address keeps its words (it was squeezed to "U").
  await expect(card.getByRole('button', { name: `Use this profile: ${name}` })).toHaveText(
    'Use this profile'
  )
  const button = await card
    .getByRole('button', { name: `Use this profile: ${name}` })
    .evaluate(
      (e) =>
        (e as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth <=
        (e as unknown as { clientWidth: number }).clientWidth
    )
  expect(button, 'the switch button shows its whole label').toBe(true)
  await shots(page, 'profiles-long-text')

  await card.getByRole('button', { name: 'Set token' }).first().click()
  const token = page.getByRole('dialog', { name: `Set token for “${name}”` })
  await expect(token).toBeVisible()
  expect(await overflowingTexts(token)).toEqual([])
  await saveScreenshot(page, 'light-profiles-long-text-token')
  await page.keyboard.press('Escape')
  await expect(token).toBeHidden()

  await card.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: `Edit profile “${name}”` })
  await expect(edit).toBeVisible()
  expect(await overflowingTexts(edit)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(edit).toBeHidden()

  await card.getByRole('button', { name: 'Delete' }).click()
  const del = page.getByRole('dialog', { name: `Delete the profile “${name}”?` })
  await expect(del).toBeVisible()
  expect(await overflowingTexts(del)).toEqual([])
  await saveScreenshot(page, 'light-profiles-long-text-delete')
  await del.getByRole('button', { name: 'Keep it' }).click()

  await test.step('About, with that profile active, keeps its address inside the dialog', async () => {
    await card.getByRole('button', { name: `Use this profile: ${name}` }).click()
    await expect(page.getByTestId('active-profile-name')).toHaveText(name)
    await page.getByRole('button', { name: /^About StayDesk / }).click()
    const about = page.getByRole('dialog', { name: 'About StayDesk' })
    await expect(about.locator('td[data-field="Service address"]')).toContainText('aaaa')
    expect(await overflowingTexts(about)).toEqual([])
    await shots(page, 'about-long-profile')
  })
})

test('Profiles: the form keeps what was typed and says what is wrong; names are never shared', async ({
  page,
  openApp
}) => {
  await openApp()
  await navTo(page, 'Profiles')
  await page.getByRole('button', { name: 'New profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  const channel = form.getByLabel('Sales channel')
  await channel.fill('STG12')
  // A fifth character was cut off by the field itself, without a word.
  await expect(channel).toHaveValue('STG12')
  await form.getByLabel('Name').fill('demo')
  await form.getByLabel('Base URL').fill('https://staging.example.com/api')
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(channel).toHaveAccessibleDescription(/Sales channel must be exactly 4 characters/)
  await shots(page, 'profiles-form-errors')

  await channel.fill('STG1')
  await form.getByRole('button', { name: 'Create profile' }).click()
  // Two profiles can't share a name (in any case): the refusal is on the name, and says it.
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription(/"Demo" is already used/)
  await expect(form).toBeVisible()
})

test('Profiles: a connection test says when it ran and its figure is the service’s; a service gone since is said', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await navTo(page, 'Profiles')
  const card = profileCard(page, 'Demo')
  const verdict = await testConnection(card)
  await expect(verdict).toHaveAttribute('data-ok', 'true')
  await expect(verdict).toContainText(
    `Connected: ${demo.store.listingIds().length} listings are visible to sales channel DEMO.`
  )
  await expect(card.getByTestId('connection-verdict-age')).toContainText(/Tested .+ \(just now\)/)
  await expect(card.getByTestId('connection-verdict-since')).toHaveCount(0)

  await test.step('the service stops answering a later call: "works" is no longer all it says', async () => {
    demo.setFaults({ drop: 1 })
    const id = demo.store.listingIds()[0]
    const refreshed = await app.invoke('listings:refresh', { id })
    expect(refreshed.ok).toBe(false)
    await expect(page.getByTestId('offline-indicator')).toBeVisible()
    await expect(card.getByTestId('connection-verdict-since')).toContainText(
      'Since this test, StayDesk could not reach the service'
    )
    await shots(page, 'profiles-verdict-since-offline')
    demo.setFaults(null)
  })

  await test.step('a profile without a token is not "failed": nothing was tried', async () => {
    const other = await createProfile(page, {
      name: 'Staging',
      baseUrl: 'https://staging.example.com',
      salesChannel: 'STG1'
    })
    const none = await testConnection(other)
    await expect(none.getByRole('heading').or(none.locator('.mantine-Alert-title'))).toHaveText(
      'Connection not tested'
    )
    await expect(none).toContainText('No token is set for this profile: set one first.')
  })
})

test('the palette says when it shows only the first of more matches, counted as the sandbox has them', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  const word = 'villa'
  const all = storeMatches(demo.store, word)
  expect(all, 'the demo holds more matches than the palette lists').toBeGreaterThan(8)
  const search = await openPalette(page)
  await search.fill(word)
  await expect(page.getByTestId('palette-more-matches')).toHaveText(
    `The first 8 of ${all} matching listings: the Listings screen shows all.`
  )
  await expect(paletteResults(page).filter({ hasText: /#\d+/ })).toHaveCount(8)
  await shots(page, 'command-palette-first-of-more')

  // Fewer matches than the palette lists: the heading stays "Listings", with no count.
  const id = demo.store.listingIds()[0]
  await search.fill(String(id))
  await expect(
    paletteResults(page)
      .filter({ hasText: `#${id}` })
      .first()
  ).toBeVisible()
  await expect(page.getByTestId('palette-more-matches')).toHaveCount(0)
})

test('the timeline stops at the two-year window and says days past it are the service’s limit, not the copy’s', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openCalendar(page)
  await chooseRadio(page, 'Timeline')
  const today = utcDateOf(demo.store.now())
  const last = addDays(today, 729)
  const total = demo.store.listingIds().length
  // The period in the one sentence format (was "Nov 25, 2026 to Jan 19, 2027").
  await expect(page.getByTestId('timeline-count')).toHaveText(
    `${total} listings, by name · ${dateRange(today, addDays(today, 55))} · from the offline copy`
  )
  await expect(page.getByRole('button', { name: /Previous 8 weeks/ })).toBeDisabled()
  await expect(page.getByTestId('timeline-past-window')).toHaveCount(0)
  await shots(page, 'calendar-timeline-review')

  await test.step('a span that crosses the window’s end says where it ends', async () => {
    const from = addDays(last, -20)
    const field = page.getByRole('textbox', { name: 'From' })
    await field.fill(from)
    await field.press('Enter')
    await expect(page.getByTestId('timeline-count')).toContainText(
      dateRange(from, addDays(from, 55))
    )
    await expect(page.getByTestId('timeline-past-window')).toContainText(
      `Days after ${sentenceDate(last)} show “?”: they are past the two years the service publishes availability for`
    )
    await expect(page.getByRole('button', { name: /Next 8 weeks/ })).toBeDisabled()
    const first = page.getByTestId('timeline-scroll').locator('[role="gridcell"][data-listing]')
    await expect(first.first()).toContainText('35 days past the availability window')
    await expect(first.first()).not.toContainText('not in the offline copy')
    await field.press('Escape')
    await shots(page, 'calendar-timeline-window-end')
  })

  await test.step('a Sunday start: its date label and the next Monday’s don’t run into each other', async () => {
    const field = page.getByRole('textbox', { name: 'From' })
    let sunday = addDays(today, 7)
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1)
    await field.fill(sunday)
    await field.press('Enter')
    await field.press('Escape')
    await expect(page.getByTestId('timeline-count')).toContainText(
      dateRange(sunday, addDays(sunday, 55))
    )
    const labels = await page
      .getByRole('columnheader', { name: /^Days from/ })
      .locator('span > span')
      .evaluateAll((els) =>
        els.map((e) => {
          const r = (
            e as unknown as { getBoundingClientRect(): { left: number; right: number } }
          ).getBoundingClientRect()
          return { left: r.left, right: r.right }
        })
      )
    for (let i = 1; i < labels.length; i++) {
      expect(labels[i].left, 'a week label starts after the one before ends').toBeGreaterThan(
        labels[i - 1].right
      )
    }
  })

  await test.step('a start typed past the window stays as typed and is refused with the window', async () => {
    const field = page.getByRole('textbox', { name: 'From' })
    const late = addDays(last, 60)
    await field.fill(late)
    await field.press('Enter')
    await field.blur()
    await expect(field).toHaveValue(late)
    await expect(field).toHaveAccessibleDescription(
      `${sentenceDate(late)} is past the availability window: the service publishes availability from today, ${sentenceDate(today)}, to ${sentenceDate(last)} (two years).`
    )
    await page.getByRole('button', { name: 'From today' }).click()
    await expect(field).toHaveValue(today)
    await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  })
})
