// Packages are resolved from the bench project's own directory, the way its bundler
// resolves them: a project under bench/.work finds the workspace's built packages.
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** file:// URL of `specifier` as seen from `dir`. */
export function resolveFrom(dir, specifier) {
  const require = createRequire(join(resolve(dir), 'package.json'))
  return pathToFileURL(require.resolve(specifier)).href
}

export const importFrom = (dir, specifier) => import(resolveFrom(dir, specifier))
