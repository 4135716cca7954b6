// No package reaches into a dependency's private members (`obj._handlers`, `watcher._closed`):
// a dependency's next release may move them without notice. A `._name` member is fine only
// when it is one of toolreg's own public members, listed here (declared in a package's types).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const PACKAGES = fileURLToPath(new URL('../packages/', import.meta.url))

function sourceFiles(): string[] {
  const files: string[] = []
  for (const pkg of readdirSync(PACKAGES)) {
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (/\.(ts|mts|js|mjs)$/.test(entry.name)) files.push(full)
      }
    }
    try {
      walk(path.join(PACKAGES, pkg, 'src'))
    } catch {
      // a package without src/
    }
  }
  return files
}

/** `._name` member accesses, comments and strings included (a string can reach a member too). */
const MEMBER = /\??\.(_[A-Za-z]\w*)/g
/** toolreg's own `_` members, each with the file that declares it. */
const OWN: Record<string, string> = { _multimodal: 'core/src/types.ts' }

describe('private members of dependencies', () => {
  const files = sourceFiles()
  const sources = files.map(file => ({ file, text: readFileSync(file, 'utf8') }))
  const own = new Set(Object.keys(OWN))

  it('finds the package sources, and each allowed member is declared where listed', () => {
    expect(files.length).toBeGreaterThan(30)
    for (const [name, file] of Object.entries(OWN)) {
      expect(readFileSync(path.join(PACKAGES, file), 'utf8')).toMatch(new RegExp(`\\b${name}\\??:`))
    }
  })

  it('no `._name` member access except toolreg’s own members', () => {
    const found = sources.flatMap(({ file, text }) =>
      [...text.matchAll(MEMBER)]
        .filter(m => !own.has(m[1]!))
        .map(m => `${path.relative(PACKAGES, file)}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`),
    )
    expect(found).toEqual([])
  })

  it('the pattern catches what it is there for', () => {
    const sample = 'watcher._nodeFsHandler._handleRead = x; client?._notificationHandlers; (w as any)._closed'
    expect([...sample.matchAll(MEMBER)].map(m => m[1])).toEqual([
      '_nodeFsHandler',
      '_handleRead',
      '_notificationHandlers',
      '_closed',
    ])
  })
})

describe('comments', () => {
  it('point at the project’s own docs (docs/, the READMEs), never at sections of a document outside the repository', () => {
    const found = sourceFiles().flatMap(file =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/SPEC\s*§/.test(line) ? [`${path.relative(PACKAGES, file)}:${i + 1}`] : [])),
    )
    expect(found).toEqual([])
  })
})
