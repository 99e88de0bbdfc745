import type { Listing } from '@shared/api'
import type { Prng } from './prng'
import type { Place } from './portfolio-places'

/** Word lists and sentence templates for the demo portfolio, in six languages. */

export type Lang = 'EN' | 'DE' | 'FR' | 'ES' | 'IT' | 'NL'

export const RENTAL_TYPES = [
  'Apartment',
  'Villa',
  'Holiday home',
  'Chalet',
  'Cottage',
  'Studio'
] as const

/** Adjectives and features per language, for headlines such as "Sunny villa with pool in Lucca". */
interface LangText {
  types: Record<(typeof RENTAL_TYPES)[number], string>
  adjectives: readonly string[]
  features: readonly string[]
  headline: (adj: string, type: string, feature: string, city: string) => string
  summary: (type: string, bedrooms: number, guests: number, city: string) => string
  body: (type: string, region: string, feature: string) => string
}

const TEXTS: Record<Lang, LangText> = {
  EN: {
    types: {
      Apartment: 'apartment',
      Villa: 'villa',
      'Holiday home': 'holiday home',
      Chalet: 'chalet',
      Cottage: 'cottage',
      Studio: 'studio'
    },
    adjectives: ['Sunny', 'Charming', 'Quiet', 'Spacious', 'Cosy', 'Modern', 'Rustic'],
    features: [
      'a private pool',
      'a sea view',
      'a large garden',
      'a roof terrace',
      'mountain views',
      'a fireplace'
    ],
    headline: (a, t, f, c) => `${a} ${t} with ${f} in ${c}`,
    summary: (t, b, g, c) =>
      `A ${t} with ${b} bedroom(s) for up to ${g} guests, close to the centre of ${c}.`,
    body: (t, r, f) =>
      `This ${t} in ${r} offers ${f}. Shops and restaurants are within walking distance; bed linen and towels are provided.`
  },
  DE: {
    types: {
      Apartment: 'Ferienwohnung',
      Villa: 'Villa',
      'Holiday home': 'Ferienhaus',
      Chalet: 'Chalet',
      Cottage: 'Landhaus',
      Studio: 'Studio'
    },
    adjectives: ['Sonnige', 'Charmante', 'Ruhige', 'Geräumige', 'Gemütliche', 'Moderne'],
    features: ['eigenem Pool', 'Meerblick', 'großem Garten', 'Dachterrasse', 'Bergblick', 'Kamin'],
    headline: (a, t, f, c) => `${a} ${t} mit ${f} in ${c}`,
    summary: (t, b, g, c) =>
      `${t} mit ${b} Schlafzimmer(n) für bis zu ${g} Gäste, nahe dem Zentrum von ${c}.`,
    body: (t, r, f) =>
      `Diese Unterkunft (${t}) in ${r} bietet ${f}. Geschäfte und Restaurants sind zu Fuß erreichbar; Bettwäsche und Handtücher sind vorhanden.`
  },
  FR: {
    types: {
      Apartment: 'appartement',
      Villa: 'villa',
      'Holiday home': 'maison de vacances',
      Chalet: 'chalet',
      Cottage: 'gîte',
      Studio: 'studio'
    },
    adjectives: ['Charmant(e)', 'Calme', 'Spacieux/se', 'Lumineux/se', 'Moderne'],
    features: [
      'piscine privée',
      'vue sur la mer',
      'grand jardin',
      'terrasse sur le toit',
      'vue sur les montagnes',
      'cheminée'
    ],
    headline: (a, t, f, c) => `${a} ${t} avec ${f} à ${c}`,
    summary: (t, b, g, c) =>
      `Un ${t} de ${b} chambre(s) pour ${g} personnes, proche du centre de ${c}.`,
    body: (t, r, f) =>
      `Ce ${t} en ${r} dispose de ${f}. Commerces et restaurants à pied ; linge de lit et serviettes fournis.`
  },
  ES: {
    types: {
      Apartment: 'apartamento',
      Villa: 'villa',
      'Holiday home': 'casa de vacaciones',
      Chalet: 'chalet',
      Cottage: 'casa rural',
      Studio: 'estudio'
    },
    adjectives: ['Soleado/a', 'Encantador(a)', 'Tranquilo/a', 'Amplio/a', 'Moderno/a'],
    features: [
      'piscina privada',
      'vistas al mar',
      'gran jardín',
      'terraza en la azotea',
      'vistas a la montaña',
      'chimenea'
    ],
    headline: (a, t, f, c) => `${a} ${t} con ${f} en ${c}`,
    summary: (t, b, g, c) =>
      `Un ${t} con ${b} dormitorio(s) para ${g} huéspedes, cerca del centro de ${c}.`,
    body: (t, r, f) =>
      `Este ${t} en ${r} ofrece ${f}. Tiendas y restaurantes a poca distancia; ropa de cama y toallas incluidas.`
  },
  IT: {
    types: {
      Apartment: 'appartamento',
      Villa: 'villa',
      'Holiday home': 'casa vacanze',
      Chalet: 'chalet',
      Cottage: 'casale',
      Studio: 'monolocale'
    },
    adjectives: [
      'Luminoso/a',
      'Incantevole',
      'Tranquillo/a',
      'Spazioso/a',
      'Accogliente',
      'Moderno/a'
    ],
    features: [
      'piscina privata',
      'vista mare',
      'ampio giardino',
      'terrazza panoramica',
      'vista sulle montagne',
      'camino'
    ],
    headline: (a, t, f, c) => `${a} ${t} con ${f} a ${c}`,
    summary: (t, b, g, c) => `Un ${t} con ${b} camera/e per ${g} ospiti, vicino al centro di ${c}.`,
    body: (t, r, f) =>
      `Questo ${t} in ${r} offre ${f}. Negozi e ristoranti raggiungibili a piedi; biancheria e asciugamani inclusi.`
  },
  NL: {
    types: {
      Apartment: 'appartement',
      Villa: 'villa',
      'Holiday home': 'vakantiehuis',
      Chalet: 'chalet',
      Cottage: 'landhuis',
      Studio: 'studio'
    },
    adjectives: ['Zonnig', 'Sfeervol', 'Rustig', 'Ruim', 'Knus', 'Modern'],
    features: [
      'privézwembad',
      'zeezicht',
      'grote tuin',
      'dakterras',
      'uitzicht op de bergen',
      'open haard'
    ],
    headline: (a, t, f, c) => `${a} ${t} met ${f} in ${c}`,
    summary: (t, b, g, c) =>
      `Een ${t} met ${b} slaapkamer(s) voor maximaal ${g} gasten, vlak bij het centrum van ${c}.`,
    body: (t, r, f) =>
      `Dit ${t} in ${r} heeft ${f}. Winkels en restaurants op loopafstand; bedlinnen en handdoeken aanwezig.`
  }
}

const LANGS: readonly Lang[] = ['EN', 'DE', 'FR', 'ES', 'IT', 'NL']

export const LIVING_DINING = [
  'Dining table',
  'Sofa',
  'Smart TV',
  'Sofa bed',
  'Bookshelf',
  'Board games'
]
export const OUTDOOR = [
  'Terrace',
  'Garden',
  'Barbecue',
  'Balcony',
  'Garden furniture',
  'Sun loungers'
]
export const KITCHEN = [
  'Oven',
  'Dishwasher',
  'Microwave',
  'Coffee machine',
  'Kettle',
  'Toaster',
  'Freezer'
]
export const MISC = ['Hair dryer', 'Iron', 'Baby cot', 'High chair', 'Safe', 'Ceiling fans']
export const PARKING = ['Free private parking', 'Street parking', 'Garage', 'No parking']
export const POOLS = ['No pool', 'Private pool', 'Shared pool', 'Heated private pool']
export const HEATING = ['Central heating', 'Underfloor heating', 'Heat pump', 'Wood stove']
export const INTERNET = ['Free Wi-Fi', 'Fibre Wi-Fi', 'Wi-Fi (paid)', 'No internet']
export const OTHER_ROOMS = ['Laundry room', 'Storage room', 'Ski room', 'Office', 'Veranda']
export const IMAGE_LABELS = [
  'exterior',
  'living room',
  'kitchen',
  'bedroom',
  'bathroom',
  'view',
  'pool',
  'garden'
]

export const EXTRAS: readonly { name: string; feeBasis?: string; fee: number }[] = [
  { name: 'Bed linen', feeBasis: 'Per person', fee: 12 },
  { name: 'Towels', feeBasis: 'Per person / stay', fee: 8.5 },
  { name: 'Firewood', feeBasis: 'Per unit', fee: 15 },
  { name: 'Baby cot', feeBasis: 'Per stay', fee: 25 },
  { name: 'Airport transfer', fee: 65 },
  { name: 'Bicycle rental', feeBasis: 'Per person / day', fee: 14 },
  { name: 'Breakfast basket', feeBasis: 'Per person / night', fee: 11.5 }
]

/** Taxes some listings add on top of the local tax (all paid at check-in). */
export const TAXES: readonly { name: string; feeBasis: string; fee: number }[] = [
  { name: 'Environmental fee', feeBasis: 'Per stay', fee: 10 },
  { name: 'Resort fee', feeBasis: 'Per day', fee: 4.5 },
  { name: 'Energy surcharge', feeBasis: 'Per person / stay', fee: 6 },
  { name: 'Visitor levy', feeBasis: 'Per adult / stay', fee: 5 },
  { name: 'VAT on services', feeBasis: '% of Rental Amount', fee: 10 }
]

export const PROPERTY_MANAGERS = [
  'Sole e Mare Vacanze S.r.l.',
  'Provence Séjours SARL',
  'Costa Holidays S.L.',
  'Nordsee Ferienhäuser GmbH',
  'Duinhuisjes Verhuur B.V.',
  'Alpine Chalets KG',
  'Atlantic Coast Stays Lda.'
]

export const HOUSE_RULES = [
  'No parties or events. Quiet hours from 22:00 to 08:00.',
  'Please separate waste for recycling. No smoking indoors.',
  'Guests must be at least 21 years old to book. No parties.',
  'Please leave the keys in the key box on departure.'
]

/** The listing's descriptions: its country's language, English, and up to two more. */
export function descriptions(
  r: Prng,
  place: Place,
  rentalType: (typeof RENTAL_TYPES)[number],
  bedrooms: number,
  guests: number
): NonNullable<Listing['description']> {
  const original = place.lang
  const langs = new Set<Lang>([original, 'EN', ...r.sample(LANGS, r.int(0, 2))])
  const adj = r.int(0, 100)
  const feature = r.int(0, 100)
  const out: NonNullable<Listing['description']> = {}
  for (const lang of LANGS) {
    if (!langs.has(lang)) continue
    const t = TEXTS[lang]
    const type = t.types[rentalType]
    const f = t.features[feature % t.features.length]
    out[lang] = {
      headline: t.headline(t.adjectives[adj % t.adjectives.length], type, f, place.city),
      summary: t.summary(type, bedrooms, guests, place.city),
      description: t.body(type, place.region, f),
      autoTranslated: lang !== original
    }
  }
  return out
}
