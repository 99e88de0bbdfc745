import type { IncomingMessage } from 'node:http'
import type { Caller, Resource, SandboxStore } from '../types'
import type { PageCache } from './page-cache'
import type { Reply } from './respond'
import type { RecordSerializer } from './serialize'

/** What every route handler can reach: the store, the public origin and the page cache. */
export interface SandboxContext {
  store: SandboxStore
  /** `http://host:port`, the origin of Link headers and of image and payment URLs. */
  origin: string
  pages: PageCache
  /** Record serializers per paged resource (see serialize.ts). */
  serialize: Record<Resource, RecordSerializer>
}

export interface RouteRequest {
  ctx: SandboxContext
  req: IncomingMessage
  params: Record<string, string>
  /** Undefined only on public routes (images, payment page). */
  caller: Caller | undefined
}

type Handler = (r: RouteRequest) => Reply | Promise<Reply>

export interface Route {
  method: 'GET' | 'POST' | 'PATCH'
  /** Segments; `:name` captures one segment. */
  path: string
  handler: Handler
  /** No Authorization needed (CDN-like images and the guest payment page). */
  public?: boolean
}

/** The caller on an authenticated route (the router guarantees it is set). */
export function callerOf(r: RouteRequest): Caller {
  if (!r.caller) throw new Error('route needs a caller but is marked public')
  return r.caller
}
