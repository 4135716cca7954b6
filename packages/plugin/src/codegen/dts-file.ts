// The `.d.ts` of `virtual:tool-registry` on disk: what the build writes and `toolreg types`
// writes or checks, written only when its content changed (README: "Types before the first build").
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { generateDts } from './dts.js'
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
export async function dtsState(result: ScanResult, content = generateDts(result)): Promise<DtsState | undefined> {
  const { dts, root } = result.options
  if (dts === false) return undefined
  const file = path.resolve(root, dts)
  const onDisk = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  const name = path.relative(root, file).split(path.sep).join('/')
  return { file, name, content, state: onDisk === undefined ? 'missing' : onDisk === content ? 'current' : 'stale' }
}

/** Write the file when its content differs from the disk's. */
export async function writeDtsFile(state: DtsState): Promise<void> {
  if (state.state === 'current') return
  await mkdir(path.dirname(state.file), { recursive: true })
  await writeFile(state.file, state.content)
}
