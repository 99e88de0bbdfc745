import type { z } from 'zod'
import { issueField } from '../errors'
import { ApiError, DEFAULT_MESSAGES } from './errors'

/**
 * Checks at the edges of the client: requests against the shared schemas before sending,
 * answers against them after, and the arguments that end up in a URL.
 */

/** How many problems one message names; the first is the one the agent fixes first. */
const MAX_ISSUES = 3

/**
 * A request that fails the shared schema is refused before it is sent, with the field names
 * and the schema's own wording. Issues never include input values (reportInput stays off), so
 * a card number typed into the wrong field cannot end up in the sentence.
 */
function validationError(error: z.ZodError): ApiError {
  const problems = error.issues
    .slice(0, MAX_ISSUES)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'request'} ${issueText(issue)}`)
    .join('; ')
  const field = error.issues[0] && issueField(error.issues[0])
  return new ApiError('bad-input', `Some details are not valid: ${problems}.`, { field })
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    return issue.message.endsWith('received undefined')
      ? 'is required'
      : `must be a ${issue.expected}`
  }
  return issue.message
}

export function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}

export function first<T>(items: T[]): T | undefined {
  return items.length > 0 ? items[0] : undefined
}

export function parseOrThrow<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw shapeError(parsed.error)
  return parsed.data
}

export function shapeError(error: z.ZodError, status?: number): ApiError {
  return new ApiError(
    'bad-response',
    `${DEFAULT_MESSAGES['bad-response']} Its answer did not have the expected shape.`,
    { status, detail: issueSummary(error) }
  )
}

/** Paths and codes only: zod issues hold no input values unless reportInput is on (it never is). */
export function issueSummary(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'body'}:${i.code}`)
    .join(' ')
}

export function checkRequest<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw validationError(parsed.error)
  return parsed.data
}

export function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new ApiError('bad-input', 'A listing id must be a positive whole number.')
  }
  return id
}

export function checkBookingId(id: string): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw new ApiError('bad-input', 'A booking id is required.')
  }
  return id.trim()
}

export function checkSince(since: number): number {
  if (!Number.isFinite(since) || since < 0) {
    throw new ApiError('bad-input', 'A delta sync needs a start time in Unix seconds.')
  }
  return since
}

/** A saved resume link is only used on the same service address it came from. */
export function checkResumeUrl(startUrl: string, origin: string): string {
  let parsed: URL
  try {
    parsed = new URL(startUrl)
  } catch {
    throw new ApiError(
      'bad-input',
      'The saved resume point is not a valid address; start a full sync.'
    )
  }
  if (parsed.origin !== origin) {
    throw new ApiError(
      'bad-input',
      'The saved resume point belongs to another service address; start a full sync.'
    )
  }
  return parsed.href
}
