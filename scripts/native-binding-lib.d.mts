// Types of native-binding-lib.mjs, for the unit and integration tests written in TypeScript.
export declare const ELECTRON_HEADERS_URL: string
export declare const ELECTRON_DOWNLOAD_URL: string

export interface Host {
  platform: string
  execPath: string
  env: Record<string, string | undefined>
}

export declare function addonAbi(bytes: Uint8Array): number | undefined
export declare function electronTag(version: string, platform: string, arch: string): string
export declare function electronAddonPath(version: string, platform: string, arch: string): string
export declare function addonStampPath(addon: string): string
export declare function addonStamp(version: string): string

/** What native/ keeps for an Electron build. */
export interface KeptAddon {
  abi: number | undefined
  sqlite: string | undefined
}
export declare function readKeptAddon(addon: string): KeptAddon | undefined
export declare function keptAddonProblem(
  kept: KeptAddon | undefined,
  want: { electron: string; abi: number; sqlite: string }
): string | undefined
export declare function npmCli(host: Host): string
export declare function npmCommand(args: string[], host: Host): [string, string[]]
export declare function nodeGypCommand(args: string[], host: Host): [string, string[]]
export declare function electronBuildEnv<E extends Record<string, string | undefined>>(env: E): E
export declare function electronGypArgs(opts: {
  version: string
  arch: string
  env: Record<string, string | undefined>
}): string[]
export declare function electronDownloadUrl(opts: {
  version: string
  platform: string
  arch: string
  env: Record<string, string | undefined>
}): string
export declare function electronPlatformPath(platform: string): string
