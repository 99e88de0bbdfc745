import type { HubWhoami } from '@shared/hub/answers'
import { serve, type ServerType } from '@hono/node-server'
import { Hono, type MiddlewareHandler } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { HTTPException } from 'hono/http-exception'
import { sql, type Kysely } from 'kysely'
import { can, refusalMessage, type HubAction } from '@shared/domain/hub-roles'
import type { HubDatabaseKind } from './db/connect'
import type { HubDatabase } from './db/schema'
import { HubInputError } from './errors'
import type { HubLog } from './log'
import { Authenticator, type HubIdentity } from './tokens'
import { isHubEnvironment, type HubUpstreams, type Upstream } from './upstream'

/**
 * The hub's HTTP face, a Hono app: `/hub/v1/...` are the hub's own endpoints (who am I, health,
 * later the journal and users); the service's interface (`/v1/...`) is served beside them in a
 * later part. Every answer that is not 2xx is JSON `{message}`, one sentence a desk can show.
 *
 * Every path but the health check needs a personal hub token (`Authorization: Bearer sdh_…`);
 * requireRole(action) guards a route with the one rule of src-shared/domain/hub-roles.ts.
 */

export type HubEnv = {
  Variables: { identity: HubIdentity; authFailure: string; upstream: Upstream }
}

export interface HubAppOptions {
  db: Kysely<HubDatabase>
  kind: HubDatabaseKind
  log: HubLog
  /** The service per environment; an environment not given is answered 404 under `/<env>/v1`. */
  upstreams?: HubUpstreams
}

/**
 * What a group of routes registers on the app (`register(app, deps)`): the service's interface
 * under `/:env/v1/...` (authenticated, `c.get('upstream')` set), the hub's own under `/hub/v1/...`.
 */
export type HubRoutes = (app: Hono<HubEnv>, deps: Required<HubAppOptions>) => void

/** Refuses the request unless the caller's role may do `action`: 403 with who and why. */
export function requireRole(action: HubAction): MiddlewareHandler<HubEnv> {
  return async (c, next) => {
    const { name, role } = c.get('identity')
    if (!can(role, action)) return c.json({ message: refusalMessage(action, name, role) }, 403)
    await next()
  }
}

export function createHubApp(
  { db, kind, log, upstreams = {} }: HubAppOptions,
  routes: readonly HubRoutes[] = []
): Hono<HubEnv> {
  const app = new Hono<HubEnv>()
  const authenticator = new Authenticator(db)

  // One line per request, after it is answered: who, what, how it ended; never a header.
  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        user: c.get('identity')?.name
      },
      'request'
    )
  })

  app.get('/hub/v1/health', async (c) => {
    try {
      await sql`SELECT 1`.execute(db)
      return c.json({ ok: true, database: kind })
    } catch (err) {
      log.error({ err }, 'health: the database does not answer')
      return c.json(
        { ok: false, database: kind, message: 'The hub cannot reach its database' },
        503
      )
    }
  })

  const failure = (c: { get(key: 'authFailure'): string | undefined }) => ({
    message: c.get('authFailure') ?? 'This hub needs a personal hub token'
  })
  const authenticate = bearerAuth<HubEnv>({
    verifyToken: async (token, c) => {
      const result = await authenticator.authenticate(token)
      if (result.ok) c.set('identity', result.identity)
      else c.set('authFailure', result.message)
      return result.ok
    },
    noAuthenticationHeader: {
      message: {
        message: 'This hub needs a personal hub token: send it as Authorization: Bearer sdh_…'
      }
    },
    invalidAuthenticationHeader: {
      message: { message: 'The Authorization header must be Bearer followed by a hub token' }
    },
    invalidToken: { message: failure }
  })
  app.use('/hub/v1/*', async (c, next) =>
    c.req.path === '/hub/v1/health' ? next() : authenticate(c, next)
  )

  app.get('/hub/v1/whoami', (c) => {
    const { name, role } = c.get('identity')
    return c.json({ user: name, role } satisfies HubWhoami)
  })

  // The service's interface, per environment: `/test/v1/...`, `/production/v1/...`.
  app.use('/:env/v1/*', async (c, next) => {
    const env = c.req.param('env')
    if (env === 'hub') return next() // the hub's own endpoints, authenticated above
    if (!isHubEnvironment(env)) {
      return c.json({ message: `No such hub endpoint: ${c.req.method} ${c.req.path}` }, 404)
    }
    const upstream = upstreams[env]
    if (!upstream) return c.json({ message: `This hub has no ${env} service configured` }, 404)
    c.set('upstream', upstream)
    return authenticate(c, next)
  })

  for (const register of routes) register(app, { db, kind, log, upstreams })

  app.notFound((c) =>
    c.json({ message: `No such hub endpoint: ${c.req.method} ${c.req.path}` }, 404)
  )

  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse()
    if (err instanceof HubInputError) return c.json({ message: err.message }, 400)
    log.error({ err, method: c.req.method, path: c.req.path }, 'request failed')
    return c.json(
      { message: 'The hub could not answer this request; its log has the details' },
      500
    )
  })

  return app
}

/** How long a stopping hub lets running requests finish before it cuts their connections. */
const CLOSE_GRACE_MS = 2000

interface ServeOptions {
  port: number
  host: string
}

/** Serves the app on Node's HTTP server; resolves once it listens, with the port it got. */
export function serveHub(
  app: Hono<HubEnv>,
  { port, host }: ServeOptions
): Promise<{ server: ServerType; port: number; close(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info) =>
      resolve({
        server,
        port: info.port,
        close: () =>
          new Promise<void>((done, fail) => {
            // Desks' team-event polls are held open up to 25 s: requests still running after a
            // short grace are cut (a desk polls again; a write cut here stays unknown, swept at
            // the next start), so a stopping hub does not wait on them.
            const grace = setTimeout(() => {
              if ('closeAllConnections' in server) server.closeAllConnections()
            }, CLOSE_GRACE_MS)
            server.close((err) => {
              clearTimeout(grace)
              if (err) fail(err)
              else done()
            })
            // Keep-alive connections of idle desks would hold close() open.
            if ('closeIdleConnections' in server) server.closeIdleConnections()
          })
      })
    )
    server.once('error', reject)
  })
}
