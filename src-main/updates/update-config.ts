import { readFileSync } from 'node:fs'

/**
 * app-update.yml, which electron-builder writes into the packaged app's resources from the
 * `publish` configuration (`provider: generic`, `url: …`, `updaterCacheDirName: …`). Its
 * absence is how a build without a feed address looks: updates are not set up there.
 * electron-updater reads the same file; only the feed's address is read here, to name it in
 * what the user is told.
 */
export interface UpdateConfig {
  url: string
}

/** The feed named in app-update.yml; undefined when there is no file or no address in it. */
export function readUpdateConfig(file: string | undefined): UpdateConfig | undefined {
  if (!file) return undefined
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  // The file is flat `key: value` lines (js-yaml's dump of a small object); a value may be quoted.
  const line = /^url:[ \t]*(.*?)[ \t]*$/m.exec(text)
  const url = line?.[1].replace(/^(['"])(.*)\1$/, '$2') ?? ''
  return url === '' || url === 'null' || url === '~' ? undefined : { url }
}

/** The address as it may be shown or logged: without a user name or password in it. */
export function shownUrl(url: string): string {
  if (!url.includes('@')) return url
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    return parsed.toString()
  } catch {
    return url
  }
}
