import { z } from 'zod'

/**
 * zod 4 probes for eval (`new Function('')`) the first time a schema parses, to decide whether
 * to compile fast parsers. The page's CSP forbids eval, so the probe shows up as a CSP violation;
 * jitless mode skips it. Imported first in main.tsx, before any schema is used.
 */
z.config({ jitless: true })
