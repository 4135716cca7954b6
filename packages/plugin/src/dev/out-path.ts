// Where `toolreg generate` and `withToolreg({ out })` may write (packages/plugin/README.md,
// "toolreg generate"): never into a tool dir (a tool file, or a file the scan would read
// next time) and never over a scanned file, also through a symlink. Errors as data: the
// callers turn the reason into their own message and exit code.
import { realpath } from 'node:fs/promises'
import path from 'node:path'

export interface OutConflict {
  /** The refused file, absolute. */
  file: string
  /** Why, for the end of a one-line message. */
  why: string
}

/** `file`'s real path, through its nearest existing ancestor (the file need not exist yet). */
async function realOf(file: string): Promise<string> {
  const rest: string[] = []
  for (let p = file; ; p = path.dirname(p)) {
    const real = await realpath(p).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined
      throw error
    })
    if (real !== undefined) return path.join(real, ...rest.reverse())
    if (path.dirname(p) === p) return file
    rest.push(path.basename(p))
  }
}

/** `file` is `dir` or below it. */
function within(dir: string, file: string): boolean {
  const rel = path.relative(dir, file)
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel))
}

const show = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/') || '.'

/**
 * The first of `files` (absolute) that lies in one of `dirs` (relative to `root`) or is one
 * of `scanned` (absolute paths of the files the scan read), each compared as given and by its
 * real path; undefined when every one may be written.
 */
export async function outConflict(
  root: string,
  dirs: readonly string[],
  files: readonly string[],
  scanned: readonly string[] = [],
): Promise<OutConflict | undefined> {
  const toolDirs = dirs.map(dir => path.resolve(root, dir))
  const realDirs = await Promise.all(toolDirs.map(realOf))
  const realScanned = new Set(await Promise.all(scanned.map(realOf)))
  for (const file of files) {
    const real = await realOf(file)
    if (scanned.includes(file) || realScanned.has(real))
      return { file, why: 'it is a tool file the scan reads (the output must not replace a tool file)' }
    const dir = toolDirs.findIndex((d, i) => within(d, file) || within(realDirs[i]!, real))
    if (dir >= 0)
      return {
        file,
        why: `it is inside the tool dir ${show(root, toolDirs[dir]!)} (the output must be outside the tool dirs)`,
      }
  }
  return undefined
}
