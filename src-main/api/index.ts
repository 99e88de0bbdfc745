/** The service client: the only module outside this folder that others import. */
export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type RawPage,
  type Snapshot,
  type WriteOptions
} from './client'
export { ApiError, asHubOutage, OUTCOME_UNKNOWN_MESSAGE } from './errors'
export { DEFAULT_TIMEOUTS } from './http'
export { parseRecord } from './json-items'
export { rawPage } from './paging'
export { MASK, redactText } from './redact'
