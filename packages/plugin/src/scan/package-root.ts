// Where this package is installed, found from the running module: its code may run from
// the per-entry bundles in dist/ (docs/architecture.md, "How the package is built") or, in
// the tests, from the sources, so no fixed `../` from a module's own URL is right for both.
import { existsSync } from 'node:fs'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'

let root: string | undefined

/** The folder of the nearest package.json above this module: the package's root. */
export function packageRoot(): string {
  if (root !== undefined) return root
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`@toolreg/plugin: no package.json above ${fileURLToPath(import.meta.url)}`)
    dir = parent
  }
  return (root = dir)
}
