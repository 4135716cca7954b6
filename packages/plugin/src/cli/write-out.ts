// `--out FILE` of the CLI: write the output, creating missing parent directories, and turn
// every failure into one line (docs: packages/plugin/README.md, "CLI"). No recursive mkdir:
// on some paths (`/proc/1/nope/x.json`) Node's spins instead of failing.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Undefined when written; else the one-line reason. */
export async function writeOut(file: string, text: string): Promise<string | undefined> {
  try {
    await writeWithParents(file, text)
    return undefined
  } catch (error) {
    return describe(file, error)
  }
}

async function writeWithParents(file: string, text: string): Promise<void> {
  try {
    return await writeFile(file, text)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  // Create the missing parents, outermost first, one mkdir each: a bounded walk up.
  const missing: string[] = []
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      await mkdir(dir)
      break
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') break
      if (code !== 'ENOENT') throw error
      missing.push(dir)
    }
  }
  for (const dir of missing.reverse())
    await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    })
  await writeFile(file, text)
}

function describe(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const why =
    code === 'EISDIR'
      ? 'it is a directory'
      : code === 'ENOTDIR'
        ? 'a part of its path is a file, not a directory'
        : code === 'ENOSPC'
          ? 'no space left on the device'
          : code === 'ENAMETOOLONG'
            ? 'the file name is too long'
            : code === 'EACCES' || code === 'EPERM'
              ? 'permission denied'
              : code === 'EROFS'
                ? 'read-only file system'
                : code === 'ENOENT'
                  ? 'its directory does not exist and cannot be created'
                  : String((error as Error | undefined)?.message ?? error)
  // One line: each run of white space holding a line break becomes one space.
  return `toolreg: --out: cannot write ${file}: ${why}`.replace(/\s+/g, run => (run.includes('\n') ? ' ' : run))
}
