// `toolreg types` and the stale-declarations check of `toolreg check`: the `.d.ts` of
// `virtual:tool-registry` computed from a scan, as the plugin writes it in a build.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { generateDts } from '../codegen/dts.js'
import type { ScanResult } from '../types.js'

export interface DtsState {
  /** Absolute path of the declarations file. */
  file: string
  /** Root-relative path, as messages print it. */
  name: string
  content: string
  state: 'current' | 'stale' | 'missing'
}

/** Undefined when the configuration disables the file (`dts: false`). */
export async function dtsState(result: ScanResult): Promise<DtsState | undefined> {
  const { dts, root } = result.options
  if (dts === false) return undefined
  const file = path.resolve(root, dts)
  const content = generateDts(result)
  const onDisk = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  const name = path.relative(root, file).split(path.sep).join('/')
  return { file, name, content, state: onDisk === undefined ? 'missing' : onDisk === content ? 'current' : 'stale' }
}

/** Write the file when its content differs (as the plugin does). */
export async function writeDtsFile(state: DtsState): Promise<void> {
  if (state.state === 'current') return
  await mkdir(path.dirname(state.file), { recursive: true })
  await writeFile(state.file, state.content)
}

/** The one-line notice of `toolreg check` and `toolreg types --check`. */
export function staleMessage(state: DtsState): string {
  return state.state === 'missing'
    ? `${state.name} is missing: run \`toolreg types\` (and commit it) so the project type-checks before its first build`
    : `${state.name} is out of date with the tool files: run \`toolreg types\` (or a build) and commit it`
}
