import type { Route } from './context'

/** Outcome of matching a request line against the route table. */
export type RouteMatch =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'method'; allowed: string[] }
  | { kind: 'none' }

interface Compiled {
  route: Route
  segments: string[]
}

/**
 * A small segment router: the sandbox has two dozen fixed shapes, so a linear scan in
 * registration order (literal routes first) is simpler than a trie and fast enough.
 */
export function createRouter(
  routes: readonly Route[]
): (method: string, path: string) => RouteMatch {
  const compiled: Compiled[] = routes.map((route) => ({ route, segments: split(route.path) }))
  return (method, path) => {
    const parts = split(path)
    const allowed = new Set<string>()
    for (const { route, segments } of compiled) {
      const params = matchSegments(segments, parts)
      if (!params) continue
      if (route.method === method) return { kind: 'route', route, params }
      allowed.add(route.method)
    }
    return allowed.size ? { kind: 'method', allowed: [...allowed] } : { kind: 'none' }
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0)
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(':')) params[pattern[i].slice(1)] = decode(parts[i])
    else if (pattern[i] !== parts[i]) return undefined
  }
  return params
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    // A malformed escape is kept verbatim; the parameter's own validation then refuses it.
    return segment
  }
}
