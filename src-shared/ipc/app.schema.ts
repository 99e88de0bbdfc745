import { z } from 'zod'
import { PROFILE_KINDS } from '../profile.schema'

/** What Help › About StayDesk and a support request show (app:info). */
export const AppInfo = z.object({
  version: z.string(),
  /** The commit and time the app was built from; null in a development run from the sources. */
  build: z.object({ commit: z.string().nullable(), builtAt: z.string().nullable() }),
  /** What support asks first: the Electron, Chromium and Node versions and the platform. */
  runtime: z.object({
    electron: z.string().nullable(),
    chrome: z.string().nullable(),
    node: z.string(),
    platform: z.string(),
    arch: z.string()
  }),
  dataDir: z.string(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(PROFILE_KINDS),
    /** The service address this profile works against, and its sales channel. */
    baseUrl: z.string(),
    salesChannel: z.string()
  }),
  /** Something found at start-up that the user must know about (an unreadable profiles file). */
  notice: z.object({ title: z.string(), message: z.string() }).nullable()
})
export type AppInfo = z.infer<typeof AppInfo>
