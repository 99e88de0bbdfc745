/**
 * Base64 (RFC 4648, with padding) for the packed snapshot lines (packed-lines.ts). src-shared
 * runs without Node's Buffer, and Node 22 has no Uint8Array.fromBase64 yet, hence this helper.
 * The decoder is strict: anything but canonical base64 gives undefined, never half the bytes.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const VALUES = new Int16Array(128).fill(-1)
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i

export function toBase64(bytes: Uint8Array): string {
  let out = ''
  let i = 0
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2]
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63]
  }
  const rest = bytes.length - i
  if (rest === 1) {
    const n = bytes[i] << 16
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + '=='
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8)
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + '='
  }
  return out
}

const value = (text: string, i: number): number => {
  const c = text.charCodeAt(i)
  return c < 128 ? VALUES[c] : -1
}

/** The bytes of canonical base64 text, or undefined (bad length, character or padding). */
export function fromBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0) return undefined
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0
  const out = new Uint8Array((text.length / 4) * 3 - pad)
  let o = 0
  for (let i = 0; i < text.length; i += 4) {
    const last = i + 4 === text.length
    const a = value(text, i)
    const b = value(text, i + 1)
    const c = last && pad === 2 ? 0 : value(text, i + 2)
    const d = last && pad >= 1 ? 0 : value(text, i + 3)
    if ((a | b | c | d) < 0) return undefined
    // Canonical only: the bits the padding leaves over are zero (one text per byte string).
    if (last && ((pad === 2 && (b & 15) !== 0) || (pad === 1 && (c & 3) !== 0))) return undefined
    const n = (a << 18) | (b << 12) | (c << 6) | d
    out[o++] = n >> 16
    if (o < out.length) out[o++] = (n >> 8) & 0xff
    if (o < out.length) out[o++] = n & 0xff
  }
  return out
}
