import type { Locator, Page } from '@playwright/test'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { expect, test, type E2eApp } from './fixtures'
import { shots } from './harness/pictures'
import { eur } from './harness/references'
import { startAfterSync, waitForSync } from './harness/start'

/**
 * The Settings screen on the demo (issue 23): the profile's rate guardrails as a form whose bad
 * input is refused on the field it is about, saved rules that the watch applies at the next
 * sync (a drop the default rule lets pass is found once the rule is tightened), a typed 0 kept
 * as a floor of €0.00, a listing's own floor; and the desktop notifications' switches, all off
 * until one is switched on.
 */

async function openSettings(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Settings' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Rate guardrails' })
  // Filled from the profile's rules (the defaults on a new profile).
  await expect(form.getByRole('textbox', { name: 'Largest drop allowed' })).toHaveValue('30')
  return form
}

async function rules(app: E2eApp) {
  const r = await app.invoke('watch:rules', {})
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

test('bad input is refused on its own field, and nothing is saved until it is right', async ({
  page,
  app,
  openApp
}) => {
  await openApp()
  const form = await openSettings(page)
  const drop = form.getByRole('textbox', { name: 'Largest drop allowed' })
  const floor = form.getByRole('textbox', { name: 'Floor' })
  const minStay = form.getByRole('textbox', { name: 'Longest minimum stay allowed' })
  await expect(floor).toHaveValue('30.00')
  await expect(minStay).toHaveValue('14')
  // The floor guards every published rate, open or not, and the form says so.
  await expect(form.getByTestId('rule-floor')).toContainText(
    'A night priced under this from today on, open for booking or not'
  )

  await drop.fill('12.5')
  await floor.fill('30.555')
  await minStay.fill('')
  await form.getByRole('button', { name: 'Save the guardrails' }).click()
  await expect(drop).toHaveAttribute('aria-invalid', 'true')
  await expect(drop).toHaveAccessibleDescription(/Enter a whole number of percent/)
  await expect(floor).toHaveAccessibleDescription(/Use at most two decimals \(cents\)/)
  await expect(minStay).toHaveAccessibleDescription(
    /Enter a number of nights, or switch the rule off/
  )
  // A negative whole number is out of range: the range is said, not "a whole number".
  await drop.fill('-3')
  await minStay.fill('-3')
  await floor.fill('-3')
  await form.getByRole('button', { name: 'Save the guardrails' }).click()
  await expect(drop).toHaveAccessibleDescription(/Enter 1 to 99 percent/)
  await expect(minStay).toHaveAccessibleDescription(/Enter 1 to 365 nights/)
  await expect(floor).toHaveAccessibleDescription(/A floor can’t be negative/)
  await floor.fill('30.00')
  // A listing's floor row with no listing chosen: the error is on its picker.
  await form.getByRole('button', { name: 'Add a listing’s floor' }).click()
  await form.getByRole('textbox', { name: 'Floor of listing 1' }).fill('45')
  await form.getByRole('button', { name: 'Save the guardrails' }).click()
  await expect(form.getByRole('combobox', { name: 'Listing 1' })).toHaveAccessibleDescription(
    /Choose a listing/
  )
  await shots(page, 'settings-errors', form.getByRole('button', { name: 'Save the guardrails' }))
  // Nothing reached the profile.
  expect(await rules(app)).toMatchObject({
    priceDropPercent: 30,
    floorCents: 3000,
    minStayLimit: 14
  })
  await expect(page.getByTestId('rules-saved')).toHaveCount(0)
})

test('saved rules are kept as typed (a 0 floor is €0.00, a rule switched off is off) and the next sync applies them', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startAfterSync({ page, app, openApp })
  const form = await openSettings(page)
  const listingId = demo.store.listingIds()[11]!
  const floorListing = demo.store.listingIds()[12]!

  await shots(page, 'settings-guardrails', page.getByRole('heading', { level: 1 }), 'start')

  await test.step('the rules are saved as typed', async () => {
    await form.getByRole('textbox', { name: 'Largest drop allowed' }).fill('10')
    await form.getByRole('textbox', { name: 'Floor' }).fill('0')
    await expect(form.getByRole('textbox', { name: 'Floor' })).toHaveAccessibleDescription(
      `Read as ${eur(0)}`
    )
    await form.getByRole('switch', { name: 'Minimum stay jump' }).click()
    await expect(form.getByRole('textbox', { name: 'Longest minimum stay allowed' })).toHaveCount(0)
    await form.getByRole('button', { name: 'Add a listing’s floor' }).click()
    const picker = form.getByRole('combobox', { name: 'Listing 1' })
    await picker.click()
    await picker.fill(String(floorListing))
    await page.getByRole('option', { name: new RegExp(`\\b${floorListing}\\b`) }).click()
    await form.getByRole('textbox', { name: 'Floor of listing 1' }).fill('5000')
    await form.getByRole('button', { name: 'Save the guardrails' }).click()
    await expect(page.getByTestId('rules-saved')).toContainText(
      'The watch has checked the offline copy with them'
    )
    expect(await rules(app)).toEqual({
      priceDropPercent: 10,
      floorCents: 0,
      listingFloors: [{ listingId: floorListing, floorCents: 500_000 }],
      noRate: true,
      minStayLimit: null
    })
  })

  await shots(page, 'settings-saved', page.getByTestId('rules-saved'))

  await test.step('the next sync finds a 15% drop the default 30% rule let pass', async () => {
    const night = addDays(utcDateOf(demo.store.now()), 45)
    const was = demo.store.rates(listingId)!.rate[night]!
    const now = Math.round(was * 0.85 * 100) / 100
    demo.store.setNightlyRate(listingId, night, now)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click()
    await page.getByRole('button', { name: 'Sync now', exact: true }).first().click()
    await waitForSync(app)
    // The watch runs after the sync: its alert is polled for, not read once.
    await expect
      .poll(async () => {
        const r = await app.invoke('watch:alerts', { status: 'new', kind: 'price-drop', listingId })
        return r.ok && r.value.items.map((a) => [a.nights, a.oldValue, a.newValue, a.limit])
      })
      .toEqual([[[night], eurToCents(was), eurToCents(now), 10]])
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Alerts/ })
      .click()
    const row = page
      .getByRole('table', { name: 'Alerts' })
      .getByTestId('alert-row')
      .and(page.locator(`[data-kind="price-drop"][data-listing-id="${listingId}"]`))
    await expect(row.getByTestId('alert-change')).toHaveText(`${eur(was)} → ${eur(now)}`)
  })

  await test.step('the listing’s own floor is applied to its nights, the portfolio’s 0 to none', async () => {
    const floors = await app.invoke('watch:alerts', { status: 'new', kind: 'price-floor' })
    expect(floors.ok).toBe(true)
    if (!floors.ok) return
    expect(floors.value.items.length).toBeGreaterThan(0)
    expect(new Set(floors.value.items.map((a) => a.listingId))).toEqual(new Set([floorListing]))
    // Every night named is priced under €5,000 at the service, as its own records say.
    const rates = demo.store.rates(floorListing)!.rate
    for (const a of floors.value.items) {
      expect(a.limit).toBe(500_000)
      for (const n of a.nights) expect(rates[n]!).toBeLessThan(5000)
    }
  })
})

test('desktop notifications are all off until switched on, one kind at a time', async ({
  page,
  app,
  openApp
}) => {
  await openApp()
  await openSettings(page)
  const section = page.getByRole('region', { name: 'Desktop notifications' })
  const switches = section.getByRole('switch')
  await expect(switches).toHaveCount(4)
  for (const s of await switches.all()) await expect(s).not.toBeChecked()

  await section.getByRole('switch', { name: 'Double-booking warning' }).click()
  await expect(section.getByRole('switch', { name: 'Double-booking warning' })).toBeChecked()
  const r = await app.invoke('notify:settings', {})
  expect(r.ok && r.value.kinds).toEqual({
    'payment-deadline': false,
    'on-request-decision': false,
    'double-booking': true,
    guardrail: false
  })
  await shots(page, 'settings-notifications', section)
})
