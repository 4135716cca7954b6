// Shared by the plugin tests: fixture locations and throw-away copies.
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises'
import * as os from 'node:os'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
export const fixturesDir = path.join(repoRoot, 'test/fixtures')
export const fixture = (name: string): string => path.join(fixturesDir, name)

const temps: string[] = []

/** A fresh dir under `parent` (default: the OS temp dir), removed by `cleanupTemps`. */
export async function tempDir(prefix = 'toolreg-', parent = os.tmpdir()): Promise<string> {
  await mkdir(parent, { recursive: true })
  const dir = await mkdtemp(path.join(parent, prefix))
  temps.push(dir)
  return dir
}

/** Copy a fixture to a temp dir (to add links, odd encodings and big files git should not hold). */
export async function copyFixture(name: string): Promise<string> {
  const dir = path.join(await tempDir(`toolreg-${name}-`), name)
  await cp(fixture(name), dir, { recursive: true })
  return dir
}

export async function cleanupTemps(): Promise<void> {
  await Promise.all(temps.splice(0).map(dir => rm(dir, { recursive: true, force: true })))
}
