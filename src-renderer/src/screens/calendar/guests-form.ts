import { schemaResolver, type FormErrors } from '@mantine/form'
import type { CommandInput } from '@shared/ipc/contract'
import { StayFields } from '@shared/api/quote.schema'
import { ADULTS_MESSAGE, AGE_MESSAGE } from '../../components/guest-ages'
import type { StayRange } from './grid-nav'

/**
 * The guests of the stay selected on the calendar, as the inputs hold them (a NumberInput
 * gives `number | ''` while typed into), checked with the shared stay schema main checks
 * calendar:stay with, and the command's input built from them.
 */
export interface GuestValues {
  adults: number | string
  /** One age per child (0 to 12); the number of entries is the number of children. */
  childrenAges: (number | string)[]
}

export const DEFAULT_GUESTS: GuestValues = { adults: 2, childrenAges: [] }

const GuestFields = StayFields.pick({ adults: true, childrenAges: true })

const resolve = schemaResolver(GuestFields, { sync: true })

const empty = (v: number | string) => typeof v === 'string' && v.trim() === ''

/** Every problem with the guests, keyed by form path, each naming its field. */
export function guestErrors(v: GuestValues): FormErrors {
  const errors: FormErrors = {}
  if (empty(v.adults)) errors.adults = 'Give the number of adults'
  v.childrenAges.forEach((a, i) => {
    if (empty(a)) errors[`childrenAges.${i}`] = 'Give this child’s age (0 to 12)'
  })
  for (const [path, message] of Object.entries(resolve(v))) {
    if (errors[path]) continue
    errors[path] = path.startsWith('childrenAges.')
      ? AGE_MESSAGE
      : path === 'adults'
        ? ADULTS_MESSAGE
        : String(message)
  }
  return errors
}

/** calendar:stay's input for the selected nights, or null while the guests are not valid. */
export function stayInput(
  listingId: number,
  range: StayRange,
  v: GuestValues
): CommandInput<'calendar:stay'> | null {
  if (Object.keys(guestErrors(v)).length > 0) return null
  const ages = v.childrenAges.map(Number)
  return {
    listingId,
    from: range.from,
    to: range.to,
    adults: Number(v.adults),
    ...(ages.length > 0 ? { children: ages.length, childrenAges: ages } : {})
  }
}

/** "2 adults, 1 child (age 4)". */
export function guestsText(v: GuestValues): string {
  const adults = Number(v.adults)
  const a = adults === 1 ? '1 adult' : `${adults} adults`
  const ages = v.childrenAges.map(Number)
  if (ages.length === 0) return a
  if (ages.length === 1) return `${a}, 1 child (age ${ages[0]})`
  return `${a}, ${ages.length} children (ages ${ages.slice(0, -1).join(', ')} and ${ages.at(-1)})`
}
