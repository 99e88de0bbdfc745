import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * StayDesk's data folder, the same one Electron's `app.getPath('userData')` gives the app, so
 * that the CLI's `--profile NAME` finds the profiles the app saved. STAYDESK_DATA_DIR overrides
 * it (tests, portable installs).
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir()
): string {
  if (env.STAYDESK_DATA_DIR) return env.STAYDESK_DATA_DIR
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'StayDesk')
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'StayDesk')
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'StayDesk')
}
