import type { IncomingMessage } from 'node:http'
import type { z } from 'zod'
import { badRequest, describeIssues, HttpError } from './errors'

/** Request bodies are small JSON documents; anything larger is refused before it is buffered. */
const MAX_BODY_BYTES = 1024 * 1024

/**
 * Reads a JSON request body and validates it with one of the shared zod schemas, so the
 * sandbox refuses exactly what the app's own request schemas refuse. The body text is never
 * logged or echoed: it may hold a card number.
 */
export async function readJson<S extends z.ZodType>(
  req: IncomingMessage,
  schema: S
): Promise<z.output<S>> {
  const type = req.headers['content-type'] ?? ''
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw badRequest('Content-Type: must be application/json')
  }
  const text = await readText(req)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest('body: malformed JSON')
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw badRequest(describeIssues(parsed.error))
  return parsed.data
}

async function readText(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > MAX_BODY_BYTES) throw tooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function tooLarge(): HttpError {
  // The rest of the upload is not read, so the connection cannot be reused.
  return new HttpError(413, `body: larger than ${MAX_BODY_BYTES} bytes`, { Connection: 'close' })
}
