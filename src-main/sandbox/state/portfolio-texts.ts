/**
 * Word lists for the demo portfolio. Places are real towns with their real coordinates, so
 * maps in the app show plausible pins; everything else (streets, names, licences) is made up.
 */

export type Lang = 'EN' | 'DE' | 'FR' | 'ES' | 'IT' | 'NL'

export interface Airport {
  name: string
  iata: string
  city: string
  distanceKm: number
}

export interface Place {
  city: string
  region: string
  /** Country name in the local language (Listing.location.country). */
  country: string
  /** Country name in English (Listing.location.en.country). */
  countryEn: string
  countryISO: string
  lang: Lang
  lat: number
  lon: number
  zip: string
  phoneCode: number
  airport: Airport
  streets: readonly string[]
  localTax: { name: string; feeBasis: string; fee: number }
  licencePrefix: string
}

const place = (
  city: string,
  region: string,
  lat: number,
  lon: number,
  zip: string,
  airport: Airport,
  country: CountryFacts
): Place => ({ city, region, lat, lon, zip, airport, ...country })

type CountryFacts = Pick<
  Place,
  | 'country'
  | 'countryEn'
  | 'countryISO'
  | 'lang'
  | 'phoneCode'
  | 'streets'
  | 'localTax'
  | 'licencePrefix'
>

const IT: CountryFacts = {
  country: 'Italia',
  countryEn: 'Italy',
  countryISO: 'IT',
  lang: 'IT',
  phoneCode: 39,
  streets: ['Via Roma', 'Via Garibaldi', 'Via dei Mille', 'Strada del Poggio', 'Via San Rocco'],
  localTax: { name: 'Imposta di soggiorno', feeBasis: 'Per person / night', fee: 2.5 },
  licencePrefix: 'CIN IT'
}
const FR: CountryFacts = {
  country: 'France',
  countryEn: 'France',
  countryISO: 'FR',
  lang: 'FR',
  phoneCode: 33,
  streets: ['Rue de la Paix', 'Chemin des Vignes', 'Avenue du Port', 'Rue des Oliviers'],
  localTax: { name: 'Taxe de séjour', feeBasis: 'Per adult / day', fee: 1.65 },
  licencePrefix: 'FR-'
}
const ES: CountryFacts = {
  country: 'España',
  countryEn: 'Spain',
  countryISO: 'ES',
  lang: 'ES',
  phoneCode: 34,
  streets: ['Calle Mayor', 'Avenida del Mar', 'Camino Real', 'Calle de la Luna'],
  localTax: { name: 'Tasa turística', feeBasis: 'Per person / night', fee: 2.2 },
  licencePrefix: 'ESFCTU'
}
const DE: CountryFacts = {
  country: 'Deutschland',
  countryEn: 'Germany',
  countryISO: 'DE',
  lang: 'DE',
  phoneCode: 49,
  streets: ['Hauptstraße', 'Seeweg', 'Dünenstraße', 'Am Deich', 'Lindenallee'],
  localTax: { name: 'Kurtaxe', feeBasis: 'Per adult / day', fee: 3.1 },
  licencePrefix: 'DE-FW-'
}
const NL: CountryFacts = {
  country: 'Nederland',
  countryEn: 'Netherlands',
  countryISO: 'NL',
  lang: 'NL',
  phoneCode: 31,
  streets: ['Strandweg', 'Dorpsstraat', 'Duinweg', 'Kerkstraat'],
  localTax: { name: 'Toeristenbelasting', feeBasis: '% of Rental Amount', fee: 7 },
  licencePrefix: 'NL-'
}
const AT: CountryFacts = {
  country: 'Österreich',
  countryEn: 'Austria',
  countryISO: 'AT',
  lang: 'DE',
  phoneCode: 43,
  streets: ['Dorfstraße', 'Bergweg', 'Almweg', 'Kirchgasse'],
  localTax: { name: 'Ortstaxe', feeBasis: 'Per person / night', fee: 2.8 },
  licencePrefix: 'AT-'
}
const PT: CountryFacts = {
  country: 'Portugal',
  countryEn: 'Portugal',
  countryISO: 'PT',
  lang: 'EN',
  phoneCode: 351,
  streets: ['Rua da Praia', 'Rua do Sol', 'Avenida da Liberdade', 'Travessa do Mar'],
  localTax: { name: 'Taxa turística', feeBasis: 'Per person / night', fee: 2 },
  licencePrefix: 'AL/'
}
const HR: CountryFacts = {
  country: 'Hrvatska',
  countryEn: 'Croatia',
  countryISO: 'HR',
  lang: 'EN',
  phoneCode: 385,
  streets: ['Obala kralja Tomislava', 'Put Firula', 'Ulica Stjepana Radića'],
  localTax: { name: 'Boravišna pristojba', feeBasis: 'Per person / day', fee: 1.86 },
  licencePrefix: 'HR-'
}

const ap = (name: string, iata: string, city: string, distanceKm: number): Airport => ({
  name,
  iata,
  city,
  distanceKm
})

export const PLACES: readonly Place[] = [
  place(
    'Lucca',
    'Tuscany',
    43.8429,
    10.5027,
    '55100',
    ap('Pisa International Airport', 'PSA', 'Pisa', 27),
    IT
  ),
  place(
    'Siena',
    'Tuscany',
    43.3188,
    11.3308,
    '53100',
    ap('Florence Airport', 'FLR', 'Florence', 78),
    IT
  ),
  place(
    'Positano',
    'Campania',
    40.6281,
    14.485,
    '84017',
    ap('Naples International Airport', 'NAP', 'Naples', 58),
    IT
  ),
  place(
    'Bardolino',
    'Veneto',
    45.5486,
    10.7211,
    '37011',
    ap('Verona Villafranca Airport', 'VRN', 'Verona', 28),
    IT
  ),
  place(
    'Cefalù',
    'Sicily',
    38.0387,
    14.0225,
    '90015',
    ap('Palermo Airport', 'PMO', 'Palermo', 95),
    IT
  ),
  place(
    'Nice',
    "Provence-Alpes-Côte d'Azur",
    43.7102,
    7.262,
    '06000',
    ap("Nice Côte d'Azur Airport", 'NCE', 'Nice', 7),
    FR
  ),
  place(
    'Gordes',
    "Provence-Alpes-Côte d'Azur",
    43.9116,
    5.2004,
    '84220',
    ap('Marseille Provence Airport', 'MRS', 'Marseille', 82),
    FR
  ),
  place(
    'Biarritz',
    'Nouvelle-Aquitaine',
    43.4832,
    -1.5586,
    '64200',
    ap('Biarritz Pays Basque Airport', 'BIQ', 'Biarritz', 4),
    FR
  ),
  place(
    'Chamonix-Mont-Blanc',
    'Auvergne-Rhône-Alpes',
    45.9237,
    6.8694,
    '74400',
    ap('Geneva Airport', 'GVA', 'Geneva', 88),
    FR
  ),
  place(
    'Marbella',
    'Andalusia',
    36.5101,
    -4.8825,
    '29601',
    ap('Málaga Airport', 'AGP', 'Málaga', 50),
    ES
  ),
  place(
    'Sóller',
    'Balearic Islands',
    39.7667,
    2.715,
    '07100',
    ap('Palma de Mallorca Airport', 'PMI', 'Palma', 35),
    ES
  ),
  place(
    'Jávea',
    'Valencian Community',
    38.7833,
    0.1667,
    '03730',
    ap('Alicante Airport', 'ALC', 'Alicante', 98),
    ES
  ),
  place(
    'Sitges',
    'Catalonia',
    41.2372,
    1.8059,
    '08870',
    ap('Barcelona Airport', 'BCN', 'Barcelona', 26),
    ES
  ),
  place(
    'Westerland',
    'Schleswig-Holstein',
    54.9079,
    8.3033,
    '25980',
    ap('Sylt Airport', 'GWT', 'Westerland', 3),
    DE
  ),
  place(
    'Binz',
    'Mecklenburg-Vorpommern',
    54.4,
    13.6106,
    '18609',
    ap('Rostock-Laage Airport', 'RLG', 'Rostock', 120),
    DE
  ),
  place(
    'Garmisch-Partenkirchen',
    'Bavaria',
    47.4921,
    11.0955,
    '82467',
    ap('Munich Airport', 'MUC', 'Munich', 118),
    DE
  ),
  place(
    'Zandvoort',
    'North Holland',
    52.3713,
    4.5331,
    '2042',
    ap('Amsterdam Airport Schiphol', 'AMS', 'Amsterdam', 22),
    NL
  ),
  place(
    'Domburg',
    'Zeeland',
    51.5636,
    3.4967,
    '4357',
    ap('Rotterdam The Hague Airport', 'RTM', 'Rotterdam', 95),
    NL
  ),
  place(
    'Texel',
    'North Holland',
    53.0548,
    4.7977,
    '1791',
    ap('Amsterdam Airport Schiphol', 'AMS', 'Amsterdam', 95),
    NL
  ),
  place(
    'Kitzbühel',
    'Tyrol',
    47.4492,
    12.3925,
    '6370',
    ap('Innsbruck Airport', 'INN', 'Innsbruck', 98),
    AT
  ),
  place(
    'Zell am See',
    'Salzburg',
    47.3233,
    12.7961,
    '5700',
    ap('Salzburg Airport', 'SZG', 'Salzburg', 85),
    AT
  ),
  place(
    'Lagos',
    'Algarve',
    37.1028,
    -8.6742,
    '8600-315',
    ap('Faro Airport', 'FAO', 'Faro', 85),
    PT
  ),
  place(
    'Sintra',
    'Lisbon',
    38.8029,
    -9.3817,
    '2710-405',
    ap('Lisbon Airport', 'LIS', 'Lisbon', 30),
    PT
  ),
  place('Rovinj', 'Istria', 45.0812, 13.6387, '52210', ap('Pula Airport', 'PUY', 'Pula', 40), HR),
  place(
    'Split',
    'Split-Dalmatia',
    43.5081,
    16.4402,
    '21000',
    ap('Split Airport', 'SPU', 'Kaštela', 24),
    HR
  )
]

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

export const TEXTS: Record<Lang, LangText> = {
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

export const LANGS: readonly Lang[] = ['EN', 'DE', 'FR', 'ES', 'IT', 'NL']

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
