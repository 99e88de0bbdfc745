/**
 * Real towns with their real coordinates, so maps in the app show plausible pins; streets,
 * licences and phone numbers built from them are made up.
 */

import type { Lang } from './portfolio-texts'

interface Airport {
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

/** country|city|region|latitude|longitude|zip|airport|IATA|airport city|km to the airport */
const ROWS = [
  'IT|Lucca|Tuscany|43.8429|10.5027|55100|Pisa International Airport|PSA|Pisa|27',
  'IT|Siena|Tuscany|43.3188|11.3308|53100|Florence Airport|FLR|Florence|78',
  'IT|Positano|Campania|40.6281|14.485|84017|Naples International Airport|NAP|Naples|58',
  'IT|Bardolino|Veneto|45.5486|10.7211|37011|Verona Villafranca Airport|VRN|Verona|28',
  'IT|Cefalù|Sicily|38.0387|14.0225|90015|Palermo Airport|PMO|Palermo|95',
  "FR|Nice|Provence-Alpes-Côte d'Azur|43.7102|7.262|06000|Nice Côte d'Azur Airport|NCE|Nice|7",
  "FR|Gordes|Provence-Alpes-Côte d'Azur|43.9116|5.2004|84220|Marseille Provence Airport|MRS|Marseille|82",
  'FR|Biarritz|Nouvelle-Aquitaine|43.4832|-1.5586|64200|Biarritz Pays Basque Airport|BIQ|Biarritz|4',
  'FR|Chamonix-Mont-Blanc|Auvergne-Rhône-Alpes|45.9237|6.8694|74400|Geneva Airport|GVA|Geneva|88',
  'ES|Marbella|Andalusia|36.5101|-4.8825|29601|Málaga Airport|AGP|Málaga|50',
  'ES|Sóller|Balearic Islands|39.7667|2.715|07100|Palma de Mallorca Airport|PMI|Palma|35',
  'ES|Jávea|Valencian Community|38.7833|0.1667|03730|Alicante Airport|ALC|Alicante|98',
  'ES|Sitges|Catalonia|41.2372|1.8059|08870|Barcelona Airport|BCN|Barcelona|26',
  'DE|Westerland|Schleswig-Holstein|54.9079|8.3033|25980|Sylt Airport|GWT|Westerland|3',
  'DE|Binz|Mecklenburg-Vorpommern|54.4|13.6106|18609|Rostock-Laage Airport|RLG|Rostock|120',
  'DE|Garmisch-Partenkirchen|Bavaria|47.4921|11.0955|82467|Munich Airport|MUC|Munich|118',
  'NL|Zandvoort|North Holland|52.3713|4.5331|2042|Amsterdam Airport Schiphol|AMS|Amsterdam|22',
  'NL|Domburg|Zeeland|51.5636|3.4967|4357|Rotterdam The Hague Airport|RTM|Rotterdam|95',
  'NL|Texel|North Holland|53.0548|4.7977|1791|Amsterdam Airport Schiphol|AMS|Amsterdam|95',
  'AT|Kitzbühel|Tyrol|47.4492|12.3925|6370|Innsbruck Airport|INN|Innsbruck|98',
  'AT|Zell am See|Salzburg|47.3233|12.7961|5700|Salzburg Airport|SZG|Salzburg|85',
  'PT|Lagos|Algarve|37.1028|-8.6742|8600-315|Faro Airport|FAO|Faro|85',
  'PT|Sintra|Lisbon|38.8029|-9.3817|2710-405|Lisbon Airport|LIS|Lisbon|30',
  'HR|Rovinj|Istria|45.0812|13.6387|52210|Pula Airport|PUY|Pula|40',
  'HR|Split|Split-Dalmatia|43.5081|16.4402|21000|Split Airport|SPU|Kaštela|24'
]

const COUNTRIES: Record<string, CountryFacts> = { IT, FR, ES, DE, NL, AT, PT, HR }

export const PLACES: readonly Place[] = ROWS.map((row) => {
  const [cc, city, region, lat, lon, zip, airport, iata, airportCity, km] = row.split('|')
  return {
    city,
    region,
    lat: Number(lat),
    lon: Number(lon),
    zip,
    airport: { name: airport, iata, city: airportCity, distanceKm: Number(km) },
    ...COUNTRIES[cc]
  }
})
