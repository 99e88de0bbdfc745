import type { z } from 'zod'
import { SandboxError } from '../types'

/**
 * Every refusal the HTTP layer sends is an HttpError: a status plus the `{message}` body the
 * spec shows for cancel failures, used for all non-200 answers so clients need one error shape.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message)
export const notFound = (message: string): HttpError => new HttpError(404, message)

/** How many zod issues one message names; the first is the one a caller fixes first. */
const MAX_ISSUES = 3

/**
 * Turns zod issues into `path: message` (e.g. `childrenAges.1: ages go from 0 to 12`). Issues
 * never carry input values (reportInput stays off), so card numbers cannot leak through here.
 */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, MAX_ISSUES)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issueText(issue)}`)
    .join('; ')
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // `numberish` is "a number or a numeric string": name the first alternative, the one the
    // spec documents, with the same wording as a plain type error.
    const first = issue.errors[0][0]
    if (first && first.path.length === 0) return issueText(first)
  }
  if (issue.code === 'invalid_type') {
    // zod's default text ("Invalid input: expected number, received undefined") is reworded
    // into the sandbox's short style; a custom message set in a schema is kept as is.
    if (!issue.message.startsWith('Invalid input')) return issue.message
    if (issue.message.endsWith('received undefined')) return 'is required'
    return `must be ${article(issue.expected)} ${issue.expected}`
  }
  return issue.message
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a'
}

/** Maps anything thrown by a handler or the store to the HttpError that is sent. */
export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error
  if (error instanceof SandboxError || isSandboxErrorLike(error)) {
    return new HttpError(error.status, error.message)
  }
  return undefined
}

/**
 * A SandboxError from a second copy of types.ts (a bundle, or tsx loading a module both as ESM
 * and CJS) fails instanceof; it must still become its 4xx, not a 500.
 */
function isSandboxErrorLike(error: unknown): error is SandboxError {
  return (
    error instanceof Error &&
    error.name === 'SandboxError' &&
    typeof (error as { status?: unknown }).status === 'number'
  )
}
