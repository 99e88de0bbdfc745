/**
 * RFC 8288 Link header parsing, only as much as paging needs: `<uri>; rel="next"` entries,
 * possibly several per header, with quoted or bare parameters and commas inside quotes.
 */

export interface LinkEntry {
  uri: string
  params: Record<string, string>
}

export function parseLinkHeader(header: string | null | undefined): LinkEntry[] {
  if (!header) return []
  const entries: LinkEntry[] = []
  let i = 0
  const n = header.length
  while (i < n) {
    const open = header.indexOf('<', i)
    if (open < 0) break
    const close = header.indexOf('>', open + 1)
    if (close < 0) break
    const entry: LinkEntry = { uri: header.slice(open + 1, close).trim(), params: {} }
    i = close + 1
    // Parameters run until a comma that is outside quotes.
    while (i < n) {
      while (i < n && /[\s]/.test(header[i])) i++
      if (header[i] === ',') {
        i++
        break
      }
      if (header[i] !== ';') {
        i++
        continue
      }
      i++
      const nameMatch = /^\s*([^\s=;,]+)\s*/.exec(header.slice(i))
      if (!nameMatch) continue
      const name = nameMatch[1].toLowerCase()
      i += nameMatch[0].length
      let value = ''
      if (header[i] === '=') {
        i++
        while (i < n && header[i] === ' ') i++
        if (header[i] === '"') {
          i++
          while (i < n && header[i] !== '"') {
            if (header[i] === '\\' && i + 1 < n) i++
            value += header[i]
            i++
          }
          i++
        } else {
          const bare = /^[^;,\s]*/.exec(header.slice(i))
          value = bare ? bare[0] : ''
          i += value.length
        }
      }
      // RFC 8288: the first occurrence of a parameter wins.
      if (!(name in entry.params)) entry.params[name] = value
    }
    entries.push(entry)
  }
  return entries
}

/** The target of the first link whose rel list (space-separated, case-insensitive) has `rel`. */
export function findRel(header: string | null | undefined, rel: string): string | null {
  const wanted = rel.toLowerCase()
  for (const entry of parseLinkHeader(header)) {
    const rels = (entry.params.rel ?? '').toLowerCase().split(/\s+/)
    if (rels.includes(wanted)) return entry.uri
  }
  return null
}

/**
 * The absolute next-page URL, resolved against the page it came from. Returns an error kind
 * instead of a URL when the link cannot be used, so the caller picks the wording.
 */
export function resolveNext(
  header: string | null | undefined,
  pageUrl: string,
  allowedOrigin: string
): { next: string | null } | { refused: 'cross-origin' | 'invalid' } {
  const target = findRel(header, 'next')
  if (target === null || target === '') return { next: null }
  let url: URL
  try {
    url = new URL(target, pageUrl)
  } catch {
    return { refused: 'invalid' }
  }
  // Following a link elsewhere would send the profile's token to that host.
  if (url.origin !== allowedOrigin) return { refused: 'cross-origin' }
  url.hash = ''
  return { next: url.href }
}
