import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { SandboxHandle } from '../../src-main/sandbox'
import { DEMO, expect, saveScreenshot, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import { createProfile, useProfile } from './harness/profiles'
import { waitForSync } from './harness/quote'
import {
  chooseSegment,
  diffRow,
  diffRows,
  importCsv,
  lastSaved,
  openImportTab,
  openScreen,
  pickListing,
  resultRows,
  singleForm
} from './harness/references'

/**
 * The References screen against the sandbox's own records: one listing set from the form, a
 * file's dry run with every problem on its line, an apply that sends exactly the good rows,
 * the undo file that puts the previous values back, the export, and the journal link.
 */

const URL_0 = 'https://channel.example.com/villa-alba'

const received = (demo: SandboxHandle) => demo.store.referencesOf(DEMO.channel)

/** Sets listing `id`'s reference on the form, as a person does, and waits for the outcome. */
async function setOnForm(
  page: Page,
  id: number,
  values: { reference: string; url?: string; status?: string }
): Promise<void> {
  const form = singleForm(page)
  await pickListing(form, page, id)
  await expect(form.getByTestId('kept-note')).toBeVisible()
  await form.getByRole('textbox', { name: 'Reference' }).fill(values.reference)
  await form.getByRole('textbox', { name: 'URL' }).fill(values.url ?? '')
  if (values.status) {
    await form.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: values.status, exact: true }).click()
  }
  await form.getByRole('button', { name: 'Set reference' }).click()
}

/** A file with good rows and every kind of bad row; the lines are the file's own. */
function mixedFile(ids: readonly number[]): string {
  return [
    'listingId,reference,url,status',
    `${ids[0]},VILLA-ALBA-2,,`, // 2: changed (set on the form before)
    `${ids[1]},CASA-1,https://channel.example.com/1,active`, // 3: new
    `999999999,GHOST,,`, // 4: unknown listing
    `${ids[2]},CASA-1,,`, // 5: duplicate reference
    `${ids[3]},CASA-3,,sold`, // 6: bad status
    `${ids[4]},${'R'.repeat(101)},,`, // 7: too long
    `${ids[5]},CASA-5,,incomplete` // 8: new
  ].join('\n')
}

test('a single set, then a file: each problem on its line, only the good rows sent, and the undo file puts the old values back', async ({
  page,
  app,
  demo,
  openApp
}) => {
  // A full round of writes, two imports and an axe pass: longer than most tests.
  test.slow()
  await openApp()
  await waitForSync(app)
  await page.keyboard.press('Control+5')
  await expect(page.getByRole('heading', { level: 1, name: 'References' })).toBeVisible()
  await expect(page.getByTestId('references-source')).toContainText(
    'the service has no way to read references back'
  )
  const ids = demo.store.listingIds()

  await test.step('one listing: a bad URL is said on its field and nothing is sent', async () => {
    await setOnForm(page, ids[0], { reference: 'VILLA-ALBA', url: 'not a url' })
    await expect(singleForm(page).getByText('URL must be a URL')).toBeVisible()
    expect(received(demo).size).toBe(0)
  })

  await test.step('one listing: set, and the sandbox has it', async () => {
    await expect(singleForm(page).getByTestId('kept-note')).toContainText(
      'has not sent a reference'
    )
    await setOnForm(page, ids[0], { reference: 'VILLA-ALBA', url: URL_0, status: 'Active' })
    const outcome = singleForm(page).getByTestId('set-outcome')
    await expect(outcome).toHaveAttribute('data-outcome', 'done')
    await expect(outcome).toContainText('“VILLA-ALBA”')
    expect(received(demo).get(ids[0])).toEqual({
      reference: 'VILLA-ALBA',
      url: URL_0,
      status: 'active'
    })
    // Pre-filled with what StayDesk sent, said as such.
    await expect(singleForm(page).getByTestId('kept-note')).toContainText(
      'Pre-filled with what StayDesk last sent'
    )
    await expect(singleForm(page).getByRole('textbox', { name: 'Reference' })).toHaveValue(
      'VILLA-ALBA'
    )
  })

  await openImportTab(page)
  await importCsv(page, 'channel-references.csv', mixedFile(ids))

  await test.step('the dry run: counts, and every problem on its line', async () => {
    await expect(page.getByTestId('diff-counts')).toHaveText(
      'Dry run of channel-references.csv: 2 new · 1 changed · 0 same · 4 invalid'
    )
    await expect(diffRows(page)).toHaveCount(7)
    const expectRow = async (line: number, change: string, problem?: RegExp) => {
      const row = diffRow(page, line)
      await expect(row).toHaveAttribute('data-change', change)
      await expect(row.getByRole('cell').nth(3)).toHaveText(
        { new: 'New', changed: 'Changed', invalid: 'Invalid' }[change]!
      )
      if (problem) await expect(row.getByTestId('row-problems')).toContainText(problem)
    }
    await expectRow(2, 'changed')
    await expect(diffRow(page, 2).locator('[data-field="reference"]')).toHaveText(
      'Reference: VILLA-ALBA → VILLA-ALBA-2'
    )
    await expect(diffRow(page, 2).locator('[data-field="url"]')).toHaveText(`URL: ${URL_0} → kept`)
    await expectRow(3, 'new')
    await expect(diffRow(page, 3).locator('[data-field="reference"]')).toHaveText(
      'Reference: none set → CASA-1'
    )
    await expect(diffRow(page, 3).locator('[data-field="status"]')).toHaveText(
      'Status: none set → Active'
    )
    await expectRow(4, 'invalid', /There is no listing 999999999/)
    await expectRow(5, 'invalid', /Reference "CASA-1" is already given on line 3/)
    // The field is the sentence's subject: never "Status: must…", a label with nothing after it.
    await expectRow(6, 'invalid', /Status must be one of building, incomplete, active, inactive/)
    await expectRow(7, 'invalid', /Reference must be at most 100 characters/)
    await expectRow(8, 'new')

    await chooseSegment(page, 'Invalid only')
    await expect(diffRows(page)).toHaveCount(4)
    await chooseSegment(page, 'Changes only')
    await expect(diffRows(page)).toHaveCount(3)
    await chooseSegment(page, 'All rows')
    await expect(diffRows(page)).toHaveCount(7)
    await expectAccessible(page, 'references dry run')
  })

  await test.step('apply sends exactly the good rows', async () => {
    await page.getByRole('button', { name: 'Apply 3 changes' }).click()
    await expect(page.getByTestId('apply-summary')).toContainText(
      '3 references in 1 batch: 3 done.'
    )
    await expect(resultRows(page)).toHaveCount(3)
    for (const id of [ids[0], ids[1], ids[5]]) {
      await expect(resultRows(page).and(page.locator(`[data-listing-id="${id}"]`))).toContainText(
        'Done'
      )
    }
    const sandbox = received(demo)
    expect([...sandbox.keys()].sort((a, b) => a - b)).toEqual([ids[0], ids[1], ids[5]])
    expect(sandbox.get(ids[0])).toEqual({ reference: 'VILLA-ALBA-2' })
    expect(sandbox.get(ids[1])).toEqual({
      reference: 'CASA-1',
      url: 'https://channel.example.com/1',
      status: 'active'
    })
    expect(sandbox.get(ids[5])).toEqual({ reference: 'CASA-5', status: 'incomplete' })
    // Checked again against what was just kept: nothing left to send twice.
    await expect(page.getByRole('button', { name: 'No changes to apply' })).toBeDisabled()
    await expect(page.getByTestId('diff-counts')).toContainText('0 new · 0 changed · 3 same')
  })

  await test.step('the undo file puts the previous values back', async () => {
    await expect(page.getByTestId('undo-file')).toContainText(
      'The undo file puts back the previous values of 1 listing. 2 listings had no reference before'
    )
    await page.getByRole('button', { name: 'Save undo file (1 row)' }).click()
    await expect(page.getByTestId('undo-saved')).toContainText('Saved 1 row to')
    const undo = readFileSync(lastSaved(app.savedFiles, 'StayDesk references undo').path, 'utf8')
    expect(undo).toContain(`${ids[0]},VILLA-ALBA,${URL_0},active`)

    await importCsv(page, 'undo.csv', undo)
    await expect(page.getByTestId('diff-counts')).toHaveText(
      'Dry run of undo.csv: 0 new · 1 changed · 0 same · 0 invalid'
    )
    await page.getByRole('button', { name: 'Apply 1 change' }).click()
    await expect(page.getByTestId('apply-summary')).toContainText('1 reference in 1 batch: 1 done.')
    expect(received(demo).get(ids[0])).toEqual({
      reference: 'VILLA-ALBA',
      url: URL_0,
      status: 'active'
    })
  })

  await test.step('export the kept references', async () => {
    const before = app.savedFiles.length
    await page.getByRole('button', { name: 'Export current references' }).click()
    await expect(page.getByTestId('references-exported')).toContainText('Saved 3 references to')
    expect(app.savedFiles.length).toBe(before + 1)
    const csv = readFileSync(app.savedFiles[before].path, 'utf8')
    expect(csv).toContain(`${ids[1]},CASA-1,https://channel.example.com/1,active`)
    expect(csv).toContain(`${ids[0]},VILLA-ALBA,`)
  })

  await test.step('every request is in the journal', async () => {
    await page.getByRole('button', { name: 'Open the Journal' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible()
    const rows = page.getByTestId('journal-row')
    await expect(rows.and(page.locator('[data-action="references"]'))).toHaveCount(2)
    await expect(rows.and(page.locator('[data-action="reference"]'))).toHaveCount(1)
  })

  await test.step('the file and its results are still there on coming back', async () => {
    await openScreen(page, 'References')
    await expect(page.getByRole('tab', { name: 'Import a file' })).toHaveAttribute(
      'aria-selected',
      'true'
    )
    await expect(page.getByTestId('apply-summary')).toContainText('1 reference in 1 batch')
  })
})

const LIVE = { listings: 12, seed: 11, token: 'e2e-live-token-r5k2', channel: 'LIVE' }

test('on production, a single set asks for the listing id and an apply for the number of changes', async ({
  page,
  app,
  sandbox,
  openApp
}) => {
  test.slow()
  const live = await sandbox({
    listings: LIVE.listings,
    seed: LIVE.seed,
    callers: [{ token: LIVE.token, channel: LIVE.channel, merchantOfRecord: 'service' }]
  })
  app.secrets.push(LIVE.token)
  await openApp()
  await createProfile(page, {
    name: 'Live portfolio',
    kind: 'production',
    baseUrl: live.url,
    salesChannel: LIVE.channel,
    token: LIVE.token
  })
  await useProfile(page, 'Live portfolio')
  await waitForSync(app)
  const ids = live.store.listingIds()
  const liveRefs = () => live.store.referencesOf(LIVE.channel)
  await openScreen(page, 'References')

  await test.step('one listing: the listing id is typed first', async () => {
    const form = singleForm(page)
    await pickListing(form, page, ids[0])
    await form.getByRole('textbox', { name: 'Reference' }).fill('LIVE-0')
    const set = form.getByRole('button', { name: 'Set reference' })
    await expect(form.getByText('This changes live data on a production profile')).toBeVisible()
    await expect(set).toBeDisabled()
    await form.getByLabel('Type the listing id to confirm').fill(String(ids[0]))
    await set.click()
    await expect(form.getByTestId('set-outcome')).toHaveAttribute('data-outcome', 'done')
    expect(liveRefs().get(ids[0])).toEqual({ reference: 'LIVE-0' })
  })

  await test.step('a file: the number of changes is typed first', async () => {
    await openImportTab(page)
    await importCsv(page, 'live.csv', `listingId,reference\n${ids[1]},LIVE-1\n${ids[2]},LIVE-2\n`)
    const apply = page.getByRole('button', { name: 'Apply 2 changes' })
    await expect(apply).toBeDisabled()
    const confirm = page.getByLabel('Type the number of changes to confirm')
    await confirm.fill('3')
    await expect(page.getByText('That is not 2')).toBeVisible()
    await expect(apply).toBeDisabled()
    await saveScreenshot(page, 'production-references-apply')
    await expectAccessible(page, 'production references apply')
    expect(liveRefs().has(ids[1])).toBe(false)
    await confirm.fill('2')
    await apply.click()
    await expect(page.getByTestId('apply-summary')).toContainText(
      '2 references in 1 batch: 2 done.'
    )
    expect(liveRefs().get(ids[1])).toEqual({ reference: 'LIVE-1' })
    expect(liveRefs().get(ids[2])).toEqual({ reference: 'LIVE-2' })
  })
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the References screen in the ${scheme} theme`, async ({ page, app, demo, openApp }) => {
    // Three axe passes over the whole window: each takes seconds on a busy two-core machine.
    test.slow()
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    await waitForSync(app)
    const ids = demo.store.listingIds()
    await openScreen(page, 'References')
    await setOnForm(page, ids[0], { reference: 'VILLA-ALBA', url: URL_0, status: 'Active' })
    await expect(singleForm(page).getByTestId('set-outcome')).toBeVisible()
    await saveScreenshot(page, `${scheme}-references-one`)
    await expectAccessible(page, `${scheme} references, one listing`)

    await openImportTab(page)
    await importCsv(page, 'channel-references.csv', mixedFile(ids))
    await expect(diffRows(page)).toHaveCount(7)
    await saveScreenshot(page, `${scheme}-references-diff`)
    await expectAccessible(page, `${scheme} references, dry run`)

    await page.getByRole('button', { name: 'Apply 3 changes' }).click()
    await expect(resultRows(page)).toHaveCount(3)
    await page.getByTestId('apply-results').scrollIntoViewIfNeeded()
    await saveScreenshot(page, `${scheme}-references-results`)
    await expectAccessible(page, `${scheme} references, results`)
  })
}
