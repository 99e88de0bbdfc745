/**
 * What the palette searches for: the text without a leading "#" (the palette writes listing ids
 * as "#100026", so that is what people type back), and the id when the text is one.
 */
export function paletteQuery(raw: string): { text: string; lower: string; id: number | null } {
  const text = raw.trim().replace(/^#\s*/, '')
  return { text, lower: text.toLowerCase(), id: /^\d{1,9}$/.test(text) ? Number(text) : null }
}
