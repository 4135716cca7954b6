// Finding candidate files: a small readdir walk with picomatch's patterns (./globs.ts)
// instead of a glob library, because tinyglobby drops dangling and looping symlinks
// silently (docs/architecture.md) and TR006 must report them.
import * as path from 'node:path'
import { errorCode, errorMessage, type ScanFs } from './fs.js'
import { compileGlobs } from './globs.js'
import type { Diagnostic, ResolvedOptions } from '../types.js'

export interface WalkedFile {
  /** Absolute path inside the dir (symlinks not resolved). */
  absPath: string
  /** Root-relative POSIX path. */
  file: string
  /** The real path when it differs from absPath (symlinks, symlinked dirs). */
  realPath?: string
}

export interface WalkResult {
  files: WalkedFile[]
  /** TR006 (symlinks) and TR007 (missing dirs). */
  diagnostics: Diagnostic[]
  /** Root-relative POSIX path of each configured dir that exists, for the "no tool module" check. */
  dirs: string[]
}

export function toPosix(p: string): string {
  return path.sep === '/' ? p : p.split(path.sep).join('/')
}

/** Root-relative POSIX path (`tools/x.ts`, `../shared/tools/x.ts`). */
function relativeToRoot(root: string, abs: string): string {
  return toPosix(path.relative(root, abs)) || '.'
}

/** `child` is `parent` or lies inside it (both absolute and normalized). */
export function isInside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep)
}

/** `dir` absolute and normalized: `path.join` without its normalization pass, once per file. */
function joinName(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name
}

/**
 * Whether an absolute path is one the walk would pick up by name: inside a tool dir and
 * matched by include/exclude relative to it (symlinks and their targets not checked).
 */
export function createToolFileMatcher(
  options: Pick<ResolvedOptions, 'root' | 'dirs' | 'include' | 'exclude'>,
): (absPath: string) => boolean {
  const isIncluded = compileGlobs(options.include, { dot: false })
  const isExcluded = compileGlobs(options.exclude, { dot: true })
  const dirs = options.dirs.map(dir => path.resolve(options.root, dir))
  return absPath =>
    dirs.some(dir => {
      if (!isInside(absPath, dir) || absPath === dir) return false
      const rel = toPosix(absPath.slice(dir.length + (dir.endsWith(path.sep) ? 0 : 1)))
      return isIncluded(rel) && !isExcluded(rel)
    })
}

export async function walkDirs(options: ResolvedOptions, fs: ScanFs): Promise<WalkResult> {
  const isIncluded = compileGlobs(options.include, { dot: false })
  const isExcluded = compileGlobs(options.exclude, { dot: true })
  const matches = (rel: string): boolean => isIncluded(rel) && !isExcluded(rel)
  // Flat patterns (the default) never need to look into subdirectories.
  const recursive = options.include.some(p => p.includes('/'))
  let realRoot: string
  try {
    realRoot = await fs.realpath(options.root)
  } catch {
    realRoot = options.root
  }

  const files: WalkedFile[] = []
  const diagnostics: Diagnostic[] = []
  const dirs: string[] = []
  const seen = new Set<string>()

  for (const dir of options.dirs) {
    const absDir = path.resolve(options.root, dir)
    const dirFile = relativeToRoot(options.root, absDir)
    const dirDiag = (code: 'TR006' | 'TR007', file: string, message: string): void => {
      diagnostics.push({ code, severity: code === 'TR006' ? 'error' : 'warning', message, file, line: 0, column: 0 })
    }
    let realDir: string
    try {
      realDir = await fs.realpath(absDir)
      if (!(await fs.stat(realDir)).isDirectory()) {
        dirDiag('TR007', dirFile, `Tool directory ${dirFile} is not a directory`)
        continue
      }
    } catch (error) {
      const code = errorCode(error)
      dirDiag(
        'TR007',
        dirFile,
        code === 'ENOENT'
          ? `Tool directory ${dirFile} does not exist`
          : `Tool directory ${dirFile} cannot be read: ${errorMessage(error)}`,
      )
      continue
    }
    dirs.push(dirFile)
    const visitedDirs = new Set<string>([realDir])

    const walk = async (absSub: string, realSub: string, relSub: string): Promise<void> => {
      let entries
      try {
        entries = await fs.readdir(absSub)
      } catch (error) {
        dirDiag(
          'TR007',
          relativeToRoot(options.root, absSub),
          `Directory ${relativeToRoot(options.root, absSub)} cannot be read: ${errorMessage(error)}`,
        )
        return
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      // path.relative once per directory, not once per file.
      const relDir = relativeToRoot(options.root, absSub)
      for (const entry of entries) {
        const rel = relSub === '' ? entry.name : `${relSub}/${entry.name}`
        const abs = joinName(absSub, entry.name)
        const real = joinName(realSub, entry.name)
        if (entry.isDirectory()) {
          // Like the globs (dot: false), hidden dirs and dependencies are not tool dirs.
          if (recursive && entry.name !== 'node_modules' && !entry.name.startsWith('.')) await walk(abs, real, rel)
          continue
        }
        const file = relDir === '.' ? entry.name : `${relDir}/${entry.name}`
        if (entry.isSymbolicLink()) {
          await followLink(abs, rel, file)
          continue
        }
        if (entry.isFile() && matches(rel)) addFile(abs, real, file)
      }
    }

    /** `file`: the root-relative path of `abs`. */
    const addFile = (abs: string, real: string, file: string): void => {
      if (seen.has(abs)) return
      seen.add(abs)
      files.push({ absPath: abs, file, ...(real !== abs ? { realPath: real } : {}) })
    }

    const followLink = async (abs: string, rel: string, file: string): Promise<void> => {
      let target: string
      try {
        target = await fs.realpath(abs)
      } catch (error) {
        // Unknown target kind: report only links a file pattern would pick up.
        if (!matches(rel)) return
        const code = errorCode(error)
        dirDiag(
          'TR006',
          file,
          code === 'ELOOP'
            ? `Symlink ${file} loops: it is not imported`
            : code === 'ENOENT'
              ? `Symlink ${file} is dangling (its target does not exist): it is not imported`
              : `Symlink ${file} cannot be resolved: ${errorMessage(error)}`,
        )
        return
      }
      let stats
      try {
        stats = await fs.stat(target)
      } catch (error) {
        if (matches(rel)) dirDiag('TR006', file, `Symlink ${file} cannot be followed: ${errorMessage(error)}`)
        return
      }
      if (stats.isDirectory()) {
        if (!recursive) return
        if (visitedDirs.has(target)) {
          dirDiag(
            'TR006',
            file,
            `Symlink ${file} loops back to ${relativeToRoot(options.root, target)}: it is not followed`,
          )
          return
        }
        if (!isInside(target, realRoot) && !isInside(target, realDir)) {
          dirDiag(
            'TR006',
            file,
            `Symlink ${file} leads outside the root and ${dirFile} (to ${target}): it is not followed`,
          )
          return
        }
        visitedDirs.add(target)
        await walk(abs, target, rel)
        return
      }
      if (!stats.isFile() || !matches(rel)) return
      if (!isInside(target, realRoot) && !isInside(target, realDir)) {
        dirDiag(
          'TR006',
          file,
          `Symlink ${file} leads outside the root and ${dirFile} (to ${target}): it is not imported`,
        )
        return
      }
      addFile(abs, target, file)
    }

    await walk(absDir, realDir, '')
  }
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  return { files: onePathPerFile(files), diagnostics, dirs }
}

/**
 * One physical file is one module: a file reached under several paths (a symlink to a
 * sibling, a symlinked dir) is kept under its first path only, in sorted order, so it is
 * imported once and never collides with itself (TR001).
 */
function onePathPerFile(files: WalkedFile[]): WalkedFile[] {
  const seen = new Set<string>()
  return files.filter(f => {
    const key = f.realPath ?? f.absPath
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
