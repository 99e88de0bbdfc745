import { describe, expect, it } from 'vitest'
import {
  bedroomCount,
  listingName,
  listingPlaces,
  placeKeys,
  placeLabel
} from '@shared/domain/listing-display'

describe('how a listing is named and counted, in main and window alike', () => {
  it('names a listing by its English headline, else the first headline, else its reference', () => {
    const description = {
      DE: { headline: 'Ferienhaus am See' },
      EN: { headline: 'Lake house' }
    }
    expect(listingName({ id: 1, description, referenceNumber: 'R-1' })).toBe('Lake house')
    expect(listingName({ id: 1, description: { DE: description.DE } })).toBe('Ferienhaus am See')
    expect(listingName({ id: 1, description: {}, referenceNumber: 'R-1' })).toBe('R-1')
    expect(listingName({ id: 7 })).toBe('Listing 7')
  })

  it('counts bedrooms as published, else as described, else says nothing', () => {
    expect(bedroomCount({ rooms: { bedrooms: { numbers: 3, rooms: [{}, {}] } } } as never)).toBe(3)
    expect(bedroomCount({ rooms: { bedrooms: { rooms: [{}, {}] } } } as never)).toBe(2)
    expect(bedroomCount({})).toBeNull()
  })

  it('labels a place in English first when it differs, and matches either name', () => {
    const places = listingPlaces({
      location: { country: 'España', city: 'Sevilla', en: { country: 'Spain', city: 'Seville' } }
    } as never)
    expect(placeLabel(places.country)).toBe('Spain (España)')
    expect(placeLabel(places.region)).toBeNull()
    expect(placeKeys(places.city)).toBe('sevilla\nseville')
    const same = listingPlaces({ location: { city: 'Nice', en: { city: 'Nice' } } } as never)
    expect(placeLabel(same.city)).toBe('Nice')
    expect(placeKeys(same.city)).toBe('nice')
  })
})
