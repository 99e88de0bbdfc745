/** Types of scripts/build-cli.mjs, for the tests and the benchmark that build the bundle. */

/** out/cli, where the bundle and its chunks are. */
export declare const OUT_DIR: string
/** out/cli/staydesk.mjs, the bundle's entry. */
export declare const BUNDLE: string
/** The build tools are installed (not after `npm install --omit=dev`). */
export declare function canBuild(): boolean
/** No bundle yet, or one older than a source file. */
export declare function isStale(): boolean
/** Builds when stale (quietly; `say` gets the reason first); the bundle's path either way. */
export declare function freshBundle(say?: (why: string) => void): Promise<string>
/** Builds the bundle; with `ifStale`, a process that waited for another's build may skip it. */
export declare function buildCli(opts?: {
  quiet?: boolean
  ifStale?: () => boolean
}): Promise<string>
