import { BookingDetails } from '@shared/api/booking.schema'
import { COMMANDS, type CommandName } from '@shared/ipc/channels'
import type { CommandInput } from '@shared/ipc/contract'
import type { Handlers } from '../../../../src-main/ipc/register'
import { WATCH_ANSWERS, WATCH_INPUTS } from './stubs/watch'
import { OVERVIEW_ANSWERS, OVERVIEW_INPUTS } from './stubs/overview'
import { DOWNTIME_ANSWERS, DOWNTIME_INPUTS } from './stubs/downtime'
import { NOTIFY_ANSWERS, NOTIFY_INPUTS } from './stubs/notify'

/** One valid input per command, so every command can be called through the real schemas. */
export const VALID_INPUTS: { [C in CommandName]: CommandInput<C> } = {
  'app:info': {},
  'profiles:list': {},
  'profiles:create': {
    profile: {
      name: 'Test',
      kind: 'test',
      baseUrl: 'https://api.example.com/v1',
      salesChannel: 'TEST'
    }
  },
  'profiles:update': {
    id: 'p1',
    profile: {
      name: 'Test',
      kind: 'test',
      baseUrl: 'https://api.example.com/v1',
      salesChannel: 'TEST'
    }
  },
  'profiles:delete': { id: 'p1' },
  'profiles:activate': { id: 'p1' },
  'profiles:set-token': { id: 'p1', token: 'abcdefgh1234' },
  'profiles:clear-token': { id: 'p1' },
  'profiles:test-connection': { id: 'p1' },
  'sync:status': {},
  'sync:run': { full: true },
  'sync:cancel': {},
  'sync:quarantine': { resource: 'rates', limit: 10 },
  'listings:search': { text: 'split', limit: 5 },
  'listings:get': { id: 100001 },
  'listings:facets': {},
  'listings:refresh': { id: 100001 },
  'bookings:open': { id: 'SB10112648' },
  'bookings:recent': { status: 'confirmed', limit: 10 },
  'bookings:watch': {},
  'bookings:cancel-preview': { id: 'SB10112648' },
  'bookings:cancel': { bookingId: 'SB10112648', by: 'guest', reason: 'r', message: 'm' },
  'bookings:create': {
    stay: { listingId: 100001, from: '2027-03-01', to: '2027-03-05', adults: 2 },
    guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }
  },
  'bookings:pay': {
    bookingId: 'SB10112648',
    card: { number: '4242 4242 4242 4242', cvc: '123', expiration: '12/30' }
  },
  'bookings:save-voucher': { id: 'SB10112648' },
  'quotes:ask': { listingId: 100001, from: '2027-03-01', to: '2027-03-05', adults: 2 },
  'journal:list': { limit: 10 },
  'journal:settle': { id: 'w1', result: 'done', note: 'Read it again: cancelled' },
  'journal:export': {},
  'listings:page': { id: 100001 },
  'listings:image': { id: 100001, index: 0 },
  'listings:export': { city: 'Split', sort: { key: 'name', dir: 'asc' } },
  'prefs:get': { key: 'listings.view' },
  'prefs:set': { key: 'listings.view', value: { city: 'Split' } },
  'availability:search': { from: '2027-03-01', to: '2027-03-08', adults: 2 },
  'availability:misses': { from: '2027-03-01', to: '2027-03-08', adults: 2, missSample: 5 },
  'availability:live': { from: '2027-03-01', to: '2027-03-08' },
  'calendar:months': { listingId: 100001, from: '2027-03', count: 1 },
  'calendar:rules': { listingId: 100001 },
  'calendar:stay': { listingId: 100001, from: '2027-03-01', to: '2027-03-08', adults: 2 },
  'calendar:timeline': { from: '2027-03-01', days: 28, offset: 0, limit: 50 },
  'history:list': { kind: 'price', limit: 20 },
  'references:get': { listingId: 100001 },
  'references:set': { listingId: 100001, reference: 'VILLA-1', status: 'active' },
  'references:preview': { csv: 'listingId,reference\n100001,VILLA-1\n' },
  'references:apply': { rows: [{ listingId: 100001, reference: 'VILLA-1' }] },
  'references:export': {},
  'references:save-undo': { csv: 'listingId,reference\n' },
  ...WATCH_INPUTS,
  ...OVERVIEW_INPUTS,
  ...DOWNTIME_INPUTS,
  ...NOTIFY_INPUTS
}

const token = { state: 'missing' as const, storage: 'none' as const, explanation: 'none' }
const profile = {
  id: 'p1',
  name: 'Test',
  kind: 'test' as const,
  baseUrl: 'https://api.example.com/v1',
  salesChannel: 'TEST',
  salesBrand: undefined,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  active: false,
  token
}
const summary = {
  profileId: 'p1',
  full: false,
  startedAt: 0,
  finishedAt: 0,
  results: [],
  errors: []
}

const kept = {
  booking: BookingDetails.parse({
    id: 'SB1',
    status: 'confirmed',
    checkIn: { date: '2027-03-01' },
    checkOut: { date: '2027-03-05' }
  }),
  summary: {
    id: 'SB1',
    status: 'confirmed',
    paymentStatus: null,
    guestName: null,
    checkIn: '2027-03-01',
    checkOut: '2027-03-05',
    listingId: null,
    listingName: null,
    ownReference: null,
    totalCents: null,
    expiresAt: null,
    fetchedAt: 0
  },
  source: 'live' as const
}

/** Handlers that answer with fixed valid outputs and count every call that reached them. */
export function countingHandlers(): { handlers: Handlers; calls: Map<CommandName, number> } {
  const calls = new Map<CommandName, number>(COMMANDS.map((c) => [c, 0]))
  const answers: { [C in CommandName]: Awaited<ReturnType<Handlers[C]>> } = {
    'app:info': {
      version: '1',
      build: { commit: null, builtAt: null },
      runtime: { electron: null, chrome: null, node: '20.19.0', platform: 'linux', arch: 'x64' },
      dataDir: '/tmp',
      profile: {
        id: 'demo',
        name: 'Demo',
        kind: 'demo',
        baseUrl: 'http://127.0.0.1:9',
        salesChannel: 'DEMO'
      },
      notice: null
    },
    'profiles:list': { profiles: [profile], activeId: 'p1' },
    'profiles:create': profile,
    'profiles:update': profile,
    'profiles:delete': { leftoverFiles: [] },
    'profiles:activate': profile,
    'profiles:set-token': token,
    'profiles:clear-token': token,
    'profiles:test-connection': { ok: true, verdict: 'Connected', latencyMs: 1 },
    'sync:status': { profileId: 'p1', running: false, offline: false, resources: [] },
    'sync:run': summary,
    'sync:cancel': { cancelled: false },
    'sync:quarantine': [],
    'listings:search': { total: 0, items: [] },
    'listings:get': null,
    'listings:facets': { countries: [], regions: [], cities: [] },
    'listings:refresh': {
      listingId: 100001,
      changed: { listings: false, availability: false, rates: false },
      found: true,
      refreshedAt: 0
    },
    'bookings:open': kept,
    'bookings:recent': { total: 0, items: [] },
    'bookings:watch': {
      awaitingPayment: [],
      awaitingConfirmation: [],
      instalmentsDue: [],
      overdue: [],
      today: '2026-11-23'
    },
    'bookings:cancel-preview': {
      bookingId: 'SB1',
      status: 'confirmed',
      likelyRefused: false,
      daysBeforeCheckIn: 10,
      policyName: null,
      tier: null,
      guest: null,
      pm: { percent: 100, lines: [], paidCents: 0, refundCents: 0 },
      basedOn: 0
    },
    'bookings:cancel': {
      outcome: 'refused',
      message: 'no',
      code: 'conflict',
      serviceMessage: null,
      field: null,
      booking: null
    },
    'bookings:create': {
      outcome: 'refused',
      message: 'no',
      code: 'conflict',
      serviceMessage: null,
      field: null,
      booking: null
    },
    'bookings:pay': {
      outcome: 'refused',
      message: 'no',
      code: 'conflict',
      serviceMessage: null,
      field: null,
      booking: null
    },
    'bookings:save-voucher': { file: null },
    'quotes:ask': {
      listing: null,
      live: { state: 'unknown-listing' },
      offline: { state: 'unknown-listing' },
      differences: [],
      offlineAsOf: null,
      askedAt: 0
    },
    'journal:list': { total: 0, items: [] },
    'journal:settle': {
      id: 'w1',
      action: 'cancel',
      profileId: 'demo',
      profileName: 'Demo',
      profileKind: 'demo',
      bookingId: 'SB1',
      listingId: null,
      ownReference: null,
      sentAt: 1,
      answeredAt: 2,
      outcome: 'unknown',
      message: null,
      sent: {},
      received: null,
      settlement: { at: 3, result: 'done', note: 'Read it again', profileName: 'Demo', by: 'ada' }
    },
    'journal:export': { file: null, rows: 0 },
    'listings:page': null,
    'listings:image': null,
    'listings:export': { file: null, rows: 0 },
    'prefs:get': { value: null },
    'prefs:set': { saved: true },
    'availability:search': {
      nights: 7,
      total: 0,
      offset: 0,
      rows: [],
      filteredOut: 0,
      outsidePrice: { below: 0, above: 0, noEstimate: 0, listings: [] },
      asOf: null
    },
    'availability:misses': { considered: 0, notBookable: 0, misses: [] },
    'availability:live': { state: 'unreachable', message: 'offline', code: 'offline' },
    'calendar:months': {
      listingId: 100001,
      months: [],
      priceRange: null,
      coverage: { availability: null, rates: null },
      asOf: null
    },
    'calendar:rules': null,
    'calendar:stay': { state: 'unknown-listing' },
    'calendar:timeline': { from: '2027-03-01', days: 28, total: 0, rows: [] },
    'history:list': { total: 0, items: [] },
    'references:get': null,
    'references:set': { outcome: 'unknown', message: 'lost' },
    'references:preview': {
      rows: [],
      counts: { new: 0, changed: 0, same: 0, invalid: 0 },
      fileProblems: []
    },
    'references:apply': {
      results: [],
      batches: 0,
      undo: { csv: '', rows: 0, withoutPrevious: 0 }
    },
    'references:export': { file: null, rows: 0 },
    'references:save-undo': { file: null, rows: 0 },
    ...WATCH_ANSWERS,
    ...OVERVIEW_ANSWERS,
    ...DOWNTIME_ANSWERS,
    ...NOTIFY_ANSWERS
  }
  const handlers = Object.fromEntries(
    COMMANDS.map((c) => [
      c,
      async () => {
        calls.set(c, (calls.get(c) ?? 0) + 1)
        return answers[c]
      }
    ])
  ) as unknown as Handlers
  return { handlers, calls }
}
