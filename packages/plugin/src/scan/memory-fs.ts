// An in-memory ScanFs for tests and tools: files, directories implied by
// paths, symlinks with relative or absolute targets, Node-style error codes.
import * as path from 'node:path'
import type { ScanDirEntry, ScanFs, ScanStats } from './fs.js'

export type MemoryEntry = string | Uint8Array | { symlink: string } | { dir: true }

export interface MemoryFs extends ScanFs {
  /** Create or replace a file (bumps its mtime), a symlink or a directory. */
  write(file: string, content: MemoryEntry): void
  remove(file: string): void
  /** How many times each path was read with readFile — to observe the cache. */
  readonly reads: Map<string, number>
}

type Node = { kind: 'file'; data: Uint8Array; mtimeMs: number } | { kind: 'dir' } | { kind: 'symlink'; target: string }

const MAX_LINKS = 40

function fsError(code: string, syscall: string, p: string): Error {
  return Object.assign(new Error(`${code}: ${syscall} '${p}'`), { code, syscall, path: p })
}

export function createMemoryFs(entries: Record<string, MemoryEntry>): MemoryFs {
  const nodes = new Map<string, Node>([['/', { kind: 'dir' }]])
  const reads = new Map<string, number>()
  let clock = 1_000_000

  const ensureParents = (p: string): void => {
    for (let dir = path.posix.dirname(p); !nodes.has(dir); dir = path.posix.dirname(dir)) {
      nodes.set(dir, { kind: 'dir' })
    }
  }
  const set = (p: string, entry: MemoryEntry): void => {
    const abs = path.posix.resolve(p)
    ensureParents(abs)
    if (typeof entry === 'string')
      nodes.set(abs, { kind: 'file', data: new TextEncoder().encode(entry), mtimeMs: ++clock })
    else if (entry instanceof Uint8Array) nodes.set(abs, { kind: 'file', data: entry, mtimeMs: ++clock })
    else if ('symlink' in entry) nodes.set(abs, { kind: 'symlink', target: entry.symlink })
    else nodes.set(abs, { kind: 'dir' })
  }
  for (const [p, entry] of Object.entries(entries)) set(p, entry)

  // Resolve every symlink along the path, as realpath(3) does.
  const resolve = (p: string, syscall: string): string => {
    let links = 0
    let parts = path.posix.resolve(p).split('/').filter(Boolean)
    let done = '/'
    while (parts.length > 0) {
      const [head, ...rest] = parts
      const next = path.posix.join(done, head!)
      const node = nodes.get(next)
      if (node === undefined) throw fsError('ENOENT', syscall, p)
      if (node.kind === 'symlink') {
        if (++links > MAX_LINKS) throw fsError('ELOOP', syscall, p)
        const target = path.posix.resolve(done, node.target)
        parts = [...target.split('/').filter(Boolean), ...rest]
        done = '/'
        continue
      }
      if (rest.length > 0 && node.kind !== 'dir') throw fsError('ENOTDIR', syscall, p)
      done = next
      parts = rest
    }
    return done
  }
  const stats = (node: Node): ScanStats => ({
    size: node.kind === 'file' ? node.data.byteLength : 0,
    mtimeMs: node.kind === 'file' ? node.mtimeMs : 0,
    isFile: () => node.kind === 'file',
    isDirectory: () => node.kind === 'dir',
    isSymbolicLink: () => node.kind === 'symlink',
  })

  return {
    reads,
    write: (file, content) => set(file, content),
    remove: file => void nodes.delete(path.posix.resolve(file)),
    async readdir(dir) {
      const real = resolve(dir, 'scandir')
      if (nodes.get(real)?.kind !== 'dir') throw fsError('ENOTDIR', 'scandir', dir)
      const prefix = real === '/' ? '/' : real + '/'
      const out: ScanDirEntry[] = []
      for (const [p, node] of nodes) {
        if (p === real || !p.startsWith(prefix) || p.slice(prefix.length).includes('/')) continue
        out.push({ name: p.slice(prefix.length), ...stats(node) })
      }
      return out
    },
    async stat(p) {
      return stats(nodes.get(resolve(p, 'stat'))!)
    },
    async realpath(p) {
      return resolve(p, 'realpath')
    },
    async readFile(p) {
      const node = nodes.get(resolve(p, 'open'))!
      if (node.kind !== 'file') throw fsError('EISDIR', 'read', p)
      reads.set(p, (reads.get(p) ?? 0) + 1)
      return node.data
    },
  }
}
