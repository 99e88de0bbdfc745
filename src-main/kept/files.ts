import { extname } from 'node:path'

/**
 * The kept store of a mirror: beside it, so `mirrors/<id>.sqlite` keeps its references and
 * bookings in `mirrors/<id>.kept.sqlite`, and the CLI's `--db mirror.sqlite` in
 * `mirror.kept.sqlite`. Only the extension is replaced; a name without one gets `.kept.sqlite`
 * appended. A mirror in memory keeps them in memory too.
 */
export function keptFileBeside(mirrorFile: string): string {
  if (mirrorFile === ':memory:') return mirrorFile
  const ext = extname(mirrorFile)
  const stem = ext === '' ? mirrorFile : mirrorFile.slice(0, -ext.length)
  return `${stem}.kept.sqlite`
}
