// The on-disk scan cache: a new scanner (a second build) does not read
// unchanged files; corrupt, foreign or unwritable caches never break a scan.
import { mkdir, readFile, readdir, utimes, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createDiskCache,
  createScanner,
  nodeScanFs,
  resolveOptions,
  type ScanFs,
  type ToolRegistryOptions,
} from './internal.js'
import { cleanupTemps, repoRoot, tempDir } from './helpers.js'

afterEach(cleanupTemps)

const tool = (name: string) =>
  `import { registry } from '@toolreg/core'\nregistry.register({ name: '${name}', toolset: 't', schema: {}, handler: () => '' })\n`

async function project(files: Record<string, string>): Promise<string> {
  const root = await tempDir()
  await mkdir(path.join(root, 'tools'))
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(root, 'tools', name), content)
  return root
}

/** A real-fs scanner that counts file reads, with the default disk cache location. */
function scanner(root: string, options: ToolRegistryOptions = {}, onCacheError?: (e: unknown) => void) {
  const reads: string[] = []
  const fs: ScanFs = { ...nodeScanFs, readFile: p => (reads.push(path.basename(p)), nodeScanFs.readFile(p)) }
  const resolved = resolveOptions({ root, ...options })
  const store = createDiskCache(resolved)
  return {
    reads,
    store,
    scanner: createScanner(resolved, fs, { cache: store, ...(onCacheError ? { onCacheError } : {}) }),
  }
}

const cacheDir = (root: string) => path.join(root, 'node_modules/.cache/toolreg')

describe('disk cache', () => {
  it('a second scanner reads no unchanged file and gives the same result', async () => {
    const root = await project({ 'a.ts': tool('a'), 'b.ts': tool('a'), 'c.ts': 'export {}\n' })
    const first = scanner(root)
    const cold = await first.scanner.scan()
    expect(first.reads.sort()).toEqual(['a.ts', 'a.ts', 'b.ts', 'b.ts', 'c.ts']) // TR001 frames read a and b again
    expect((await readdir(cacheDir(root))).filter(f => /^scan-[0-9a-f]{16}\.json$/.test(f))).toHaveLength(1)

    const second = scanner(root)
    const warm = await second.scanner.scan()
    expect(second.reads.sort()).toEqual(['a.ts', 'b.ts']) // only for the TR001 frames
    expect(warm.diagnostics).toEqual(cold.diagnostics)
    expect(warm.manifest).toEqual(cold.manifest)
    expect(warm.files).toEqual(cold.files)
    expect(second.scanner.toolModuleAt(path.join(root, 'tools/a.ts'))?.sites[0]?.name).toBe('a')
  })

  it('stores each file once, by its root-relative name, without the absolute paths', async () => {
    const root = await project({ 'a.ts': tool('a'), 'b.ts': tool('b') })
    const { store, scanner: s } = scanner(root)
    const first = await s.scan()
    const text = await readFile(store.file, 'utf8')
    const stored = JSON.parse(text)
    expect(Object.keys(stored.files)).toEqual(['tools/a.ts', 'tools/b.ts'])
    expect(stored.files['tools/a.ts']).toHaveLength(3)
    expect(stored.files['tools/a.ts'][2]).not.toHaveProperty('absPath')
    // The root is named once: in the key.
    expect(text.split(root).length - 1).toBe(1)
    const again = scanner(root)
    expect((await again.scanner.scan()).files).toEqual(first.files)
    expect(again.reads).toEqual([])
  })

  it('a changed file is read again by the next scanner', async () => {
    const root = await project({ 'a.ts': tool('a'), 'b.ts': tool('b') })
    await scanner(root).scanner.scan()
    await writeFile(path.join(root, 'tools/b.ts'), tool('b_changed'))
    const later = new Date(Date.now() + 5000)
    await utimes(path.join(root, 'tools/b.ts'), later, later)
    const next = scanner(root)
    expect((await next.scanner.scan()).toolNames).toEqual(['a', 'b_changed'])
    expect(next.reads).toEqual(['b.ts'])
  })

  it('a corrupt cache file is ignored and rewritten', async () => {
    const root = await project({ 'a.ts': tool('a') })
    const { store, scanner: s } = scanner(root)
    await s.scan()
    await writeFile(store.file, '{"format":"toolreg-scan-cache-2","files":{ trunc')
    const next = scanner(root)
    expect((await next.scanner.scan()).toolNames).toEqual(['a'])
    expect(next.reads).toEqual(['a.ts'])
    expect(JSON.parse(await readFile(store.file, 'utf8')).format).toBe('toolreg-scan-cache-2')
  })

  it.each([
    ['another format', { format: 'something-else', key: 'x', files: {} }],
    ['the previous stored form', { format: 'toolreg-scan-cache', key: 'x', files: {} }],
    ['another key (plugin build or options)', { format: 'toolreg-scan-cache-2', key: 'old', files: {} }],
    ['a malformed entry', null],
  ])('a foreign cache file (%s) is ignored and rewritten', async (_, content) => {
    const root = await project({ 'a.ts': tool('a') })
    const { store, scanner: s } = scanner(root)
    await s.scan()
    const valid = JSON.parse(await readFile(store.file, 'utf8'))
    const [size, mtimeMs, scan] = valid.files['tools/a.ts']
    const replaced = content ?? { ...valid, files: { 'tools/a.ts': [size, mtimeMs, { ...scan, sites: 'nope' }] } }
    await writeFile(store.file, JSON.stringify(replaced))
    const next = scanner(root)
    expect((await next.scanner.scan()).toolNames).toEqual(['a'])
    expect(next.reads).toEqual(['a.ts'])
    expect(JSON.parse(await readFile(store.file, 'utf8'))).toEqual(valid)
  })

  it('different options use a different cache file', async () => {
    const root = await project({ 'a.ts': tool('a') })
    const loose = scanner(root)
    const strict = scanner(root, { strict: true })
    const mcp = scanner(root, { names: 'mcp' })
    expect(new Set([loose.store.file, strict.store.file, mcp.store.file]).size).toBe(3)
    // isolate, dts and manifest do not change what a file scan holds.
    expect(scanner(root, { isolate: true, dts: false, manifest: false }).store.file).toBe(loose.store.file)
  })

  it('an unwritable cache location is reported to onCacheError and the scan still succeeds', async () => {
    const root = await project({ 'a.ts': tool('a') })
    await mkdir(path.join(root, 'node_modules/.cache'), { recursive: true })
    await writeFile(cacheDir(root), 'a file where the cache dir should be')
    const errors: unknown[] = []
    const { scanner: s } = scanner(root, {}, e => errors.push(e))
    expect((await s.scan()).toolNames).toEqual(['a'])
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) })
  })

  it('the default scanner of the real file system uses <root>/node_modules/.cache/toolreg', async () => {
    const root = await project({ 'a.ts': tool('a') })
    await createScanner(resolveOptions({ root })).scan()
    expect(await readdir(cacheDir(root))).toEqual([path.basename(createDiskCache(resolveOptions({ root })).file)])
  })
})

describe('the stored names', () => {
  it('load back to the absolute paths path.resolve gives, for every shape of name', async () => {
    const root = await tempDir('names')
    const store = createDiskCache(resolveOptions({ root }))
    const names = ['tools/a.ts', '../shared/tools/b.ts', 'tools/.c.ts', 'tools/sub/../d.ts', 'tools//e.ts', 'x/./f.ts']
    const scanOf = (file: string) => ({
      file,
      absPath: path.resolve(root, file),
      isToolModule: false,
      sites: [],
      diagnostics: [],
      sourceLength: 0,
      sourceHash: '',
    })
    await store.save(new Map(names.map(f => [path.resolve(root, f), { size: 1, mtimeMs: 2, scan: scanOf(f) }])))
    const loaded = await store.load()
    expect([...loaded!.keys()].sort()).toEqual(names.map(f => path.resolve(root, f)).sort())
    for (const [abs, entry] of loaded!) expect(entry.scan.absPath).toBe(abs)
  })
})

describe('the code fingerprint in the cache key', () => {
  it('changes when a compiled file in a subfolder changes (a detector in detect/fast/ invalidates caches)', async () => {
    const { codeFingerprint } = await import('../src/scan/disk-cache.js')
    const dist = await tempDir('fingerprint')
    await mkdir(path.join(dist, 'detect/fast'), { recursive: true })
    await writeFile(path.join(dist, 'index.js'), 'export {}\n')
    await writeFile(path.join(dist, 'detect/fast/detect.js'), 'export const a = 1\n')
    const before = codeFingerprint(dist)
    expect(codeFingerprint(dist)).toBe(before)
    await writeFile(path.join(dist, 'detect/fast/detect.js'), 'export const a = 12\n')
    expect(codeFingerprint(dist)).not.toBe(before)
  })
})

describe('the fingerprint of the bundled build', () => {
  it('is the name of a hashed chunk, and nothing else is', async () => {
    const { chunkFingerprint } = await import('../src/scan/disk-cache.js')
    expect(chunkFingerprint('file:///p/node_modules/@toolreg/plugin/dist/chunks/scanner-BjEYsANP.js')).toBe(
      'scanner-BjEYsANP.js',
    )
    expect(chunkFingerprint('file:///p/packages/plugin/src/scan/disk-cache.ts')).toBeUndefined()
    expect(chunkFingerprint('file:///p/node_modules/@toolreg/plugin/dist/vite.js')).toBeUndefined()
  })

  it('covers both detectors: the chunk holding the cache names the full detector’s chunks by their hashes', async () => {
    const { chunkFingerprint } = await import('../src/scan/disk-cache.js')
    const chunks = path.join(repoRoot, 'packages/plugin/dist/chunks')
    const names = (await readdir(chunks)).filter(n => n.endsWith('.js'))
    const text = async (n: string) => readFile(path.join(chunks, n), 'utf8')
    const holder = []
    for (const n of names) if ((await text(n)).includes('toolreg-scan-cache-')) holder.push(n)
    expect(holder).toHaveLength(1)
    expect(chunkFingerprint(`file://${chunks}/${holder[0]}`)).toBe(holder[0])
    const cacheChunk = await text(holder[0]!)
    // The fast path is in the same chunk; the full one is reached through hashed names.
    expect(cacheChunk).toContain('function fastDetectRegisterCalls')
    const full = names.filter(n => /^full-/.test(n))
    expect(full).toHaveLength(1)
    expect(cacheChunk).toContain(full[0])
    const detect = names.find(n => /^detect-/.test(n))!
    expect(await text(full[0]!)).toContain(detect)
  })
})
