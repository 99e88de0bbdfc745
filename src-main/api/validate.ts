import type { z } from 'zod'
import { ApiError } from './errors'

/** How many problems one message names; the first is the one the agent fixes first. */
const MAX_ISSUES = 3

/**
 * A request that fails the shared schema is refused before it is sent, with the field names
 * and the schema's own wording. Issues never include input values (reportInput stays off), so
 * a card number typed into the wrong field cannot end up in the sentence.
 */
export function validationError(error: z.ZodError): ApiError {
  const problems = error.issues
    .slice(0, MAX_ISSUES)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'request'} ${issueText(issue)}`)
    .join('; ')
  return new ApiError('bad-input', `Some details are not valid: ${problems}.`)
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    return issue.message.endsWith('received undefined')
      ? 'is required'
      : `must be a ${issue.expected}`
  }
  return issue.message
}
