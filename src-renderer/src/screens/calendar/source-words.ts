import { copyAgeTone, withAgeFlags, type DataAgeTone } from '../../components/data-age'
import { ago, formatDateTime } from '../../components/text'

/**
 * Where the months' figures come from and how old they are, by the rule every data-age line
 * follows (components/data-age.ts): a copy synced more than a day ago is flagged in words and
 * colour, an unreachable service in its own tone, never the grey of "just now".
 */

export interface SourceWords {
  text: string
  tone: DataAgeTone
}

export function sourceWords(asOf: number | null, offline: boolean, now: number): SourceWords {
  const head =
    asOf === null
      ? 'From the offline copy; its rates have not been synced yet'
      : `From the offline copy, rates synced ${ago(asOf, now)} (${formatDateTime(asOf)})`
  return { text: withAgeFlags(head, asOf, offline, now), tone: copyAgeTone(asOf, offline, now) }
}
