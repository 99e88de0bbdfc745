import type { Guest } from '@shared/api'
import type { Prng } from './prng'

/**
 * Guests of the demo bookings: names as people write them (Zoë, Søren, Łukasz, 王), from the
 * listing countries and the countries their guests come from. E-mails use the reserved
 * example.com, example.net and example.org (RFC 2606), so a demo never mails a real person;
 * phone numbers are well-formed but made up.
 */

interface Origin {
  country: string
  language: string
  phoneCode: number
  /** Mobile prefix and how many digits follow it. */
  mobile: readonly [string, number]
  first: readonly string[]
  last: readonly string[]
}

const ORIGINS: Readonly<Record<string, Origin>> = {
  DE: {
    country: 'DE',
    language: 'de',
    phoneCode: 49,
    mobile: ['151', 8],
    first: ['Jürgen', 'Anna', 'Jörg', 'Lena', 'Maximilian', 'Käthe', 'Felix'],
    last: ['Müller', 'Schröder', 'Weiß', 'Becker', 'Krüger', 'Hoffmann']
  },
  AT: {
    country: 'AT',
    language: 'de',
    phoneCode: 43,
    mobile: ['664', 7],
    first: ['Lukas', 'Anna-Lena', 'Florian', 'Theresa', 'Günther'],
    last: ['Gruber', 'Huber', 'Pölzl', 'Wimmer', 'Steiner']
  },
  NL: {
    country: 'NL',
    language: 'nl',
    phoneCode: 31,
    mobile: ['6', 8],
    first: ['Zoë', 'Daan', 'Daniëlle', 'Sanne', 'Bram', 'Noë'],
    last: ['de Vries', 'Jansen', 'van den Berg', 'Bakker', 'Visser']
  },
  FR: {
    country: 'FR',
    language: 'fr',
    phoneCode: 33,
    mobile: ['6', 8],
    first: ['Hélène', 'François', 'Chloé', 'Léa', 'Jérôme', 'Camille'],
    last: ['Lefèvre', 'Dubois', 'Moreau', 'Bérard', 'Lambert']
  },
  IT: {
    country: 'IT',
    language: 'it',
    phoneCode: 39,
    mobile: ['347', 7],
    first: ['Niccolò', 'Giulia', 'Lorenzo', 'Chiara', 'Nicolò', 'Francesca'],
    last: ['Rossi', 'Esposito', 'Ricci', 'Bianchi', 'Colombo', 'Fabbri']
  },
  ES: {
    country: 'ES',
    language: 'es',
    phoneCode: 34,
    mobile: ['612', 6],
    first: ['José', 'María', 'Íñigo', 'Begoña', 'Lucía', 'Álvaro'],
    last: ['García', 'Martínez', 'Núñez', 'Muñoz', 'López', 'Fernández']
  },
  PT: {
    country: 'PT',
    language: 'pt',
    phoneCode: 351,
    mobile: ['912', 6],
    first: ['João', 'Inês', 'Sebastião', 'Beatriz', 'Tomás'],
    last: ['Gonçalves', 'Conceição', 'Silva', 'Araújo', 'Pereira']
  },
  HR: {
    country: 'HR',
    language: 'hr',
    phoneCode: 385,
    mobile: ['91', 7],
    first: ['Ivana', 'Željko', 'Luka', 'Ana', 'Mateja'],
    last: ['Horvat', 'Kovačević', 'Šimić', 'Marić', 'Babić']
  },
  GB: {
    country: 'GB',
    language: 'en',
    phoneCode: 44,
    mobile: ['7700', 6],
    first: ['Zoë', 'Oliver', 'Amelia', 'Harry', 'Siobhán'],
    last: ['Clarke', 'Smith', 'Taylor', "O'Brien", 'Evans']
  },
  DK: {
    country: 'DK',
    language: 'da',
    phoneCode: 45,
    mobile: ['2', 7],
    first: ['Søren', 'Mette', 'Rasmus', 'Ida', 'Bjørn'],
    last: ['Jørgensen', 'Nielsen', 'Mølgaard', 'Hansen', 'Sørensen']
  },
  PL: {
    country: 'PL',
    language: 'pl',
    phoneCode: 48,
    mobile: ['501', 6],
    first: ['Łukasz', 'Małgorzata', 'Agnieszka', 'Paweł', 'Zofia'],
    // Surnames that do not change with gender (unlike -ski / -ska), so any pair is right.
    last: ['Nowak', 'Wójcik', 'Woźniak', 'Kowalczyk', 'Król']
  },
  IS: {
    country: 'IS',
    language: 'is',
    phoneCode: 354,
    mobile: ['8', 6],
    // Patronymics say son or daughter: men's names only, so first and last name agree.
    first: ['Ólafur', 'Jón', 'Gunnar', 'Þórður'],
    last: ['Sigurðsson', 'Guðmundsson', 'Ólafsson', 'Jónsson']
  },
  SE: {
    country: 'SE',
    language: 'sv',
    phoneCode: 46,
    mobile: ['70', 7],
    first: ['Åsa', 'Björn', 'Linnéa', 'Erik'],
    last: ['Öberg', 'Lindqvist', 'Åkesson', 'Andersson']
  },
  CN: {
    country: 'CN',
    language: 'zh',
    phoneCode: 86,
    mobile: ['138', 8],
    first: ['芳', '伟', '静', '磊'],
    last: ['王', '李', '张', '陈']
  }
}

/** Pinyin of the CJK names above, for ASCII e-mail addresses. */
const PINYIN: Readonly<Record<string, string>> = {
  芳: 'fang',
  伟: 'wei',
  静: 'jing',
  磊: 'lei',
  王: 'wang',
  李: 'li',
  张: 'zhang',
  陈: 'chen'
}

/** Letters NFD does not take apart. */
const FOLD: Readonly<Record<string, string>> = {
  ø: 'o',
  ł: 'l',
  ß: 'ss',
  æ: 'ae',
  ð: 'd',
  þ: 'th'
}

/** Where guests of a listing in each country come from besides its own country. */
const VISITORS = ['DE', 'NL', 'GB', 'DK', 'PL', 'IS', 'SE', 'CN', 'FR', 'IT', 'ES', 'AT']

/** `Zoë de Vries` → `zoe.devries`: the ASCII local part of an e-mail address. */
function asciiLocalPart(first: string, last: string): string {
  const fold = (s: string): string =>
    [...s.toLowerCase()]
      .map((ch) => PINYIN[ch] ?? FOLD[ch] ?? ch)
      .join('')
      .normalize('NFD')
      .replace(/[^a-z0-9]/g, '')
  return `${fold(first)}.${fold(last)}`
}

function phone(r: Prng, o: Origin): string {
  const [prefix, digits] = o.mobile
  const rest = String(r.int(10 ** (digits - 1), 10 ** digits - 1))
  return `+${o.phoneCode} ${prefix} ${rest}`
}

/**
 * A guest for a listing in `listingCountry`: about a third come from that country, the others
 * from the usual visitor countries. Same draws, same guest.
 */
export function demoGuest(r: Prng, listingCountry: string): Guest {
  const code = r.chance(0.35) && ORIGINS[listingCountry] ? listingCountry : r.pick(VISITORS)
  const o = ORIGINS[code]
  const firstName = r.pick(o.first)
  const lastName = r.pick(o.last)
  const suffix = r.chance(0.4) ? String(r.int(1, 99)) : ''
  const domain = r.pick(['example.com', 'example.net', 'example.org'])
  return {
    firstName,
    lastName,
    email: `${asciiLocalPart(firstName, lastName)}${suffix}@${domain}`,
    phone: phone(r, o),
    country: o.country,
    language: o.language
  }
}
