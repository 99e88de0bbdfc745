// pino-roll 4 ships no types; this is the part of its API the logging module uses.
declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom'
  import type { SonicBoomOpts } from 'sonic-boom'

  interface PinoRollOptions extends Omit<SonicBoomOpts, 'dest'> {
    /** Base path: files are `<file>.<n><extension>`, the highest n the one being written. */
    file: string | (() => string)
    /** Size a file reaches before the next one is started: a number of MB, or '5m', '512k'. */
    size?: string | number
    frequency?: string | number
    extension?: string
    symlink?: boolean
    /** count: files kept; removeOtherLogFiles: count those of earlier runs too. */
    limit?: { count?: number; removeOtherLogFiles?: boolean }
    dateFormat?: string
  }

  /** sonic-boom's types leave out the file being written and whether it was ended. */
  type RollingStream = SonicBoom & { readonly file: string; readonly destroyed: boolean }

  export default function pinoRoll(options: PinoRollOptions): Promise<RollingStream>
}
