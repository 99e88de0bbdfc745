import { gunzipSync } from 'node:zlib'
import { AvailabilityPage, ListingPage, RatePage } from '@shared/api'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxHandle } from '../../../src-main/sandbox'
import {
  call,
  CARD_OK,
  findStay,
  get,
  GUEST,
  LISTINGS,
  nextLink,
  post,
  startTestSandbox,
  TOKEN,
  walk
} from './sandbox-client'

let sandbox: SandboxHandle

beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(() => sandbox.close())

const schemas = { listings: ListingPage, availability: AvailabilityPage, rates: RatePage }
const idOf = (resource: keyof typeof schemas, item: unknown): number =>
  resource === 'listings' ? (item as { id: number }).id : (item as { listingId: number }).listingId

describe('full sync by pages', () => {
  it.each(['listings', 'availability', 'rates'] as const)(
    '%s: following Link visits every listing exactly once, in id order',
    async (resource) => {
      const pages = await walk(sandbox, `/v1/${resource}`)
      expect(pages.map((p) => p.length)).toEqual([200, 200, 50])
      const ids = pages.flatMap((page) =>
        schemas[resource].parse(page).map((x) => idOf(resource, x))
      )
      expect(ids).toEqual([...sandbox.store.listingIds()])
      expect(new Set(ids).size).toBe(LISTINGS)
    }
  )

  it('/v1/listings/0 is the first page and carries the total in X-Total-Count', async () => {
    const first = await get(sandbox, '/v1/listings')
    const zero = await get(sandbox, '/v1/listings/0')
    expect(zero.headers.get('x-total-count')).toBe(String(LISTINGS))
    expect(zero.text).toBe(first.text)
  })

  it('Link is an absolute URL on the sandbox origin and is absent on the last page', async () => {
    const first = await get(sandbox, '/v1/rates')
    expect(first.headers.get('link')).toBe(`<${sandbox.url}/v1/rates/1>; rel="next"`)
    const last = await get(sandbox, '/v1/rates/2')
    expect(last.headers.get('link')).toBeNull()
  })

  it('a page beyond the end is 200 with an empty array', async () => {
    const answer = await get(sandbox, '/v1/availability/99')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([])
    expect(nextLink(answer.headers)).toBeNull()
  })

  it('answers JSON with charset and a Date from the sandbox clock', async () => {
    const answer = await get(sandbox, '/v1/listings/2')
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const date = Date.parse(answer.headers.get('date') ?? '')
    expect(Math.abs(date - sandbox.store.now())).toBeLessThan(2000)
  })

  it('listing image URLs are absolute and served without a token', async () => {
    const [listing] = ListingPage.parse((await get(sandbox, '/v1/listings')).body)
    const url = listing.images?.[0]?.url ?? ''
    expect(url.startsWith(`${sandbox.url}/images/${listing.id}/`)).toBe(true)
    const image = await fetch(url)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await image.text()).toContain('<svg')
  })
})

describe('gzip', () => {
  it.each(['/v1/availability/1', '/v1/listings/0', '/v1/rates/delta/0'])(
    '%s: Accept-Encoding gzip gets gzip that decodes to the same JSON',
    async (path) => {
      const auth = { authorization: `Bearer ${TOKEN}` }
      const plain = await request(sandbox.url + path, { headers: auth })
      const plainText = await plain.body.text()
      const zipped = await request(sandbox.url + path, {
        headers: { ...auth, 'accept-encoding': 'gzip' }
      })
      expect(zipped.headers['content-encoding']).toBe('gzip')
      const bytes = Buffer.from(await zipped.body.arrayBuffer())
      expect(Number(zipped.headers['content-length'])).toBe(bytes.length)
      expect(bytes.length).toBeLessThan(plainText.length / 2)
      expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(JSON.parse(plainText))
    }
  )
})

describe('delta', () => {
  const watermark = async (): Promise<number> => {
    const answer = await get(sandbox, '/v1/listings/2')
    return Math.floor(Date.parse(answer.headers.get('date') ?? '') / 1000)
  }
  const deltaIds = async (resource: keyof typeof schemas, since: number): Promise<number[]> => {
    const pages = await walk(sandbox, `/v1/${resource}/delta/${since}`)
    return pages.flatMap((p) => schemas[resource].parse(p).map((x) => idOf(resource, x)))
  }

  it('is empty when nothing changed since the timestamp', async () => {
    sandbox.store.advance(5_000)
    const since = (await watermark()) + 1
    for (const resource of ['listings', 'availability', 'rates'] as const) {
      const answer = await get(sandbox, `/v1/${resource}/delta/${since}`)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual([])
    }
  })

  it('returns exactly the listing whose calendar a booking and a cancellation changed', async () => {
    sandbox.store.advance(5_000)
    const since = await watermark()
    sandbox.store.advance(1_000)
    const stay = await findStay(sandbox, { bookingType: 'instant' })
    const created = await post(sandbox, '/v1/booking', {
      ...stay,
      adults: 1,
      guest: GUEST,
      creditCard: CARD_OK
    })
    expect(created.status).toBe(200)
    expect(await deltaIds('availability', since)).toEqual([stay.listingId])

    sandbox.store.advance(5_000)
    const beforeCancel = await watermark()
    sandbox.store.advance(1_000)
    const bookingId = (created.body as { bookingId: string }).bookingId
    const cancelled = await post(sandbox, '/v1/booking/guest/cancel', {
      bookingId,
      reason: 'plans changed',
      message: 'sorry'
    })
    expect(cancelled.status).toBe(200)
    expect(await deltaIds('availability', beforeCancel)).toEqual([stay.listingId])
  })

  it('returns exactly what a churn tick changed, and the full pages show the change', async () => {
    sandbox.store.advance(5_000)
    const since = await watermark()
    sandbox.store.advance(1_000)
    const before = (await get(sandbox, '/v1/rates')).text
    const changed = sandbox.store.churn()
    for (const resource of ['listings', 'availability', 'rates'] as const) {
      expect(await deltaIds(resource, since)).toEqual(
        [...new Set(changed[resource])].sort((a, b) => a - b)
      )
    }
    const ratesOnFirstPage = changed.rates.some(
      (id) => sandbox.store.listingIds().indexOf(id) < 200
    )
    if (ratesOnFirstPage) expect((await get(sandbox, '/v1/rates')).text).not.toBe(before)
  })

  it('delta pages link to /v1/<resource>/delta/{timestamp}/<page>', async () => {
    const answer = await get(sandbox, '/v1/listings/delta/0')
    expect(answer.headers.get('x-total-count')).toBe(String(LISTINGS))
    expect(nextLink(answer.headers)).toBe(`${sandbox.url}/v1/listings/delta/0/1`)
    expect((await walk(sandbox, '/v1/listings/delta/0')).flat()).toHaveLength(LISTINGS)
  })

  it('a page number and timestamp must be numbers', async () => {
    const page = await call(sandbox, 'GET', '/v1/rates/delta/0/x')
    expect(page.status).toBe(400)
    expect(page.body).toEqual({ message: expect.stringMatching(/^pageNumber: /) })
    const ts = await call(sandbox, 'GET', '/v1/availability/delta/yesterday')
    expect(ts.status).toBe(400)
    expect(ts.body).toEqual({ message: expect.stringMatching(/^timestamp: /) })
  })
})

describe('churn timer', () => {
  it('churnEveryMs keeps changing data that delta then reports', async () => {
    const churning = await startTestSandbox({ listings: 30, churnEveryMs: 20 })
    try {
      const since = Math.floor(churning.store.now() / 1000)
      churning.store.advance(2_000)
      await new Promise((done) => setTimeout(done, 150))
      const pages = await walk(churning, `/v1/rates/delta/${since + 1}`)
      expect(pages.flat().length).toBeGreaterThan(0)
    } finally {
      await churning.close()
    }
  })
})
