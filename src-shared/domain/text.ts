/**
 * Text as filters compare it: lower case, accents and other combining marks removed, and the
 * few Latin letters that carry their mark inside the letter spelled out, so that "cordoba"
 * finds Córdoba, "lodz" finds Łódź and "osterreich" finds Österreich.
 */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i'
}

export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => SPELLED[c])
    .replace(/\s+/g, ' ')
    .trim()
}
