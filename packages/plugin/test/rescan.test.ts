// Targeted rescans (`scan({ changed })`, SPEC §3.7 "rescans touch only the changed
// file") and the debounced disk-cache save of long-lived processes.
import { execFile } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createDiskCache,
  createMemoryFs,
  createScanner,
  resolveOptions,
  scanTools,
  type CacheEntry,
  type MemoryEntry,
  type ScanCacheStore,
  type ScanFs,
  type ScanResult,
  type ToolRegistryOptions,
} from './internal.js'
import { cleanupTemps, repoRoot, tempDir } from './helpers.js'

afterEach(async () => {
  vi.useRealTimers()
  await cleanupTemps()
})

const tool = (name: string, toolset = 't') =>
  `import { registry } from '@toolreg/core'\nregistry.register({ name: '${name}', toolset: '${toolset}', schema: {}, handler: () => '' })\n`

/** A memory fs that counts the calls a full scan makes and a targeted one must not. */
function setup(files: Record<string, MemoryEntry>, options: ToolRegistryOptions = {}) {
  const fs = createMemoryFs(files)
  const calls = { readdir: 0, stat: [] as string[] }
  const counted: ScanFs = {
    ...fs,
    readdir: dir => (calls.readdir++, fs.readdir(dir)),
    stat: p => (calls.stat.push(p), fs.stat(p)),
  }
  const scanner = createScanner(resolveOptions(options, '/p'), counted)
  /** What a fresh scanner (no cache, full walk) finds now. */
  const full = () => scanTools({ ...options, root: '/p' }, { fs })
  const reset = () => {
    calls.readdir = 0
    calls.stat = []
    fs.reads.clear()
  }
  return { fs, calls, scanner, full, reset }
}

const codes = (r: ScanResult) => r.diagnostics.map(d => `${d.code} ${d.file}:${d.line}`)

describe('scan({ changed })', () => {
  it('reads only the changed file, walks and stats nothing else, and equals a full scan after each edit', async () => {
    const { fs, calls, scanner, full, reset } = setup(
      {
        '/p/tools/a.ts': tool('alpha'),
        '/p/tools/b.ts': '// b\n' + tool('beta'),
        '/p/tools/helper.ts': 'export const x = 1\n',
        '/p/tools/inside.ts': { symlink: '../lib/shared.ts' },
        '/p/lib/shared.ts': tool('shared'),
        '/p/more/m.ts': tool('more'),
      },
      { dirs: ['tools', 'more'] },
    )
    const initial = await scanner.scan()
    expect(initial).toEqual(await full())
    expect(codes(initial)).toEqual([])

    const edit = async (
      file: string,
      content: string,
      changed = file,
    ): Promise<ScanResult & { reads: Record<string, number> }> => {
      fs.write(file, content)
      reset()
      const r = await scanner.scan({ changed: [changed] })
      expect(calls.readdir).toBe(0)
      expect(calls.stat).toEqual([file.replace('/p/lib/shared.ts', '/p/tools/inside.ts')])
      const reads = Object.fromEntries(fs.reads)
      expect(r).toEqual(await full())
      return Object.assign(r, { reads })
    }

    // A name change creates a TR001 (the frames read both files), the next one resolves it.
    const dup = await edit('/p/tools/b.ts', '// b\n' + tool('alpha', 'other'))
    expect(codes(dup)).toEqual(['TR001 tools/b.ts:3'])
    expect(dup.diagnostics[0]!.related).toEqual([expect.objectContaining({ file: 'tools/a.ts', line: 2 })])
    expect(dup.reads).toEqual({ '/p/tools/b.ts': 2, '/p/tools/a.ts': 1 })
    const fixed = await edit('/p/tools/b.ts', '// b\n' + tool('beta'))
    expect(codes(fixed)).toEqual([])
    expect(fixed.reads).toEqual({ '/p/tools/b.ts': 1 })
    expect(fixed.toolNames).toEqual(['alpha', 'beta', 'more', 'shared'])

    // A syntax error (TR004) and its fix; the file leaves and rejoins the tool modules.
    const broken = await edit(
      '/p/tools/a.ts',
      "import { registry } from '@toolreg/core'\nregistry.register({ name: 'alpha',\n",
    )
    expect(codes(broken)).toEqual(['TR004 tools/a.ts:3'])
    expect(broken.toolNames).toEqual(['beta', 'more', 'shared'])
    expect(scanner.isToolFile('/p/tools/a.ts')).toBe(false)
    const repaired = await edit('/p/tools/a.ts', tool('alpha'))
    expect(codes(repaired)).toEqual([])
    expect(scanner.toolModuleAt('/p/tools/a.ts')?.sites.map(s => s.name)).toEqual(['alpha'])

    // The only tool module of a dir stops being one (TR007), then fails to parse (TR004 instead).
    expect(codes(await edit('/p/more/m.ts', 'export {}\n'))).toEqual(['TR007 more:0'])
    expect(
      codes(
        await edit('/p/more/m.ts', "import { registry } from '@toolreg/core'\nregistry.register({ name: 'more',\n"),
      ),
    ).toEqual(['TR004 more/m.ts:3'])
    expect(codes(await edit('/p/more/m.ts', tool('more')))).toEqual([])

    // Through a symlink: the watcher may report the real path.
    const linked = await edit('/p/lib/shared.ts', tool('shared2'), '/p/lib/shared.ts')
    expect(linked.toolNames).toEqual(['alpha', 'beta', 'more', 'shared2'])
    expect(linked.reads).toEqual({ '/p/tools/inside.ts': 1 })
  })

  it('reads the file again even when its size and mtime did not change', async () => {
    const { fs, scanner } = setup({ '/p/tools/a.ts': tool('a') })
    await scanner.scan()
    await scanner.scan({ changed: ['/p/tools/a.ts'] })
    expect(fs.reads.get('/p/tools/a.ts')).toBe(2)
  })

  it('leaves earlier results as they were', async () => {
    const { fs, scanner } = setup({ '/p/tools/a.ts': tool('a'), '/p/tools/b.ts': tool('b') })
    const before = await scanner.scan()
    const files = [...before.files]
    fs.write('/p/tools/b.ts', tool('b2'))
    const after = await scanner.scan({ changed: ['/p/tools/b.ts'] })
    expect(before.files).toEqual(files)
    expect(before.toolNames).toEqual(['a', 'b'])
    expect(after.toolNames).toEqual(['a', 'b2'])
  })

  it('also reads files invalidated since the last scan that the walk found; other invalidated paths are ignored', async () => {
    const { fs, calls, scanner, full, reset } = setup({
      '/p/tools/a.ts': tool('a'),
      '/p/tools/b.ts': tool('b'),
      '/p/tools/c.ts': tool('c'),
    })
    await scanner.scan()
    fs.write('/p/tools/a.ts', tool('a2'))
    fs.write('/p/tools/b.ts', tool('b2'))
    scanner.invalidate('/p/tools/a.ts')
    scanner.invalidate('/p/src/App.tsx')
    reset()
    const r = await scanner.scan({ changed: ['/p/tools/b.ts'] })
    expect(calls.readdir).toBe(0)
    expect(Object.fromEntries(fs.reads)).toEqual({ '/p/tools/a.ts': 1, '/p/tools/b.ts': 1 })
    expect(r).toEqual(await full())
  })

  it.each<[string, (fs: ReturnType<typeof createMemoryFs>) => string]>([
    ['an added file', fs => (fs.write('/p/tools/new.ts', tool('new')), '/p/tools/new.ts')],
    ['a removed file', fs => (fs.remove('/p/tools/b.ts'), '/p/tools/b.ts')],
    [
      'a file replaced by a directory',
      fs => (fs.remove('/p/tools/b.ts'), fs.write('/p/tools/b.ts/x.ts', ''), '/p/tools/b.ts'),
    ],
    [
      'a symlink that points elsewhere now',
      fs => {
        fs.remove('/p/tools/link.ts')
        fs.write('/p/lib/other.ts', tool('other'))
        fs.write('/p/tools/link.ts', { symlink: '../lib/other.ts' })
        return '/p/tools/link.ts'
      },
    ],
    ['a path outside the tool dirs', () => '/p/src/main.ts'],
  ])('falls back to the full scan for %s', async (_, change) => {
    const { fs, calls, scanner, full, reset } = setup({
      '/p/tools/a.ts': tool('a'),
      '/p/tools/b.ts': tool('b'),
      '/p/tools/link.ts': { symlink: '../lib/one.ts' },
      '/p/lib/one.ts': tool('one'),
    })
    await scanner.scan()
    const changed = change(fs)
    reset()
    const r = await scanner.scan({ changed: [changed] })
    expect(calls.readdir).toBeGreaterThan(0)
    expect(r).toEqual(await full())
  })

  it('falls back to the full scan when there was no scan before', async () => {
    const { calls, scanner, full } = setup({ '/p/tools/a.ts': tool('a') })
    const r = await scanner.scan({ changed: ['/p/tools/a.ts'] })
    expect(calls.readdir).toBeGreaterThan(0)
    expect(r).toEqual(await full())
  })

  it('queued calls join: the queued scan reads every named file, and is full when one caller asked for a full scan', async () => {
    const { fs, calls, scanner, reset } = setup({
      '/p/tools/a.ts': tool('a'),
      '/p/tools/b.ts': tool('b'),
      '/p/tools/c.ts': tool('c'),
    })
    await scanner.scan()
    fs.write('/p/tools/a.ts', tool('a2'))
    fs.write('/p/tools/b.ts', tool('b2'))
    fs.write('/p/tools/c.ts', tool('c2'))
    reset()
    const first = scanner.scan({ changed: ['/p/tools/a.ts'] })
    const second = scanner.scan({ changed: ['/p/tools/b.ts'] })
    const third = scanner.scan({ changed: ['/p/tools/c.ts'] })
    expect(second).toBe(third)
    expect((await first).toolNames).toEqual(['a2', 'b', 'c'])
    expect((await third).toolNames).toEqual(['a2', 'b2', 'c2'])
    expect(calls.readdir).toBe(0)

    fs.write('/p/tools/a.ts', tool('a3'))
    fs.write('/p/tools/new.ts', tool('new'))
    reset()
    const running = scanner.scan({ changed: ['/p/tools/a.ts'] })
    const targeted = scanner.scan({ changed: ['/p/tools/a.ts'] })
    const fullScan = scanner.scan()
    expect(fullScan).toBe(targeted)
    expect((await running).toolNames).toEqual(['a3', 'b2', 'c2'])
    expect((await targeted).toolNames).toEqual(['a3', 'b2', 'c2', 'new'])
    expect(calls.readdir).toBe(1)
  })
})

/** A store that records its saves. */
function recordingStore() {
  const saves: Map<string, CacheEntry>[] = []
  const store: ScanCacheStore = {
    file: '/cache.json',
    load: async () => undefined,
    save: async entries => void saves.push(new Map(entries)),
  }
  return { saves, store }
}

describe('debounced disk-cache save', () => {
  it('the first scan waits for its save; later scans save once they have been quiet for saveDelayMs', async () => {
    vi.useFakeTimers()
    const fs = createMemoryFs({ '/p/tools/a.ts': tool('a'), '/p/tools/b.ts': tool('b') })
    const { saves, store } = recordingStore()
    const scanner = createScanner(resolveOptions({}, '/p'), fs, { cache: store, saveDelayMs: 1000 })
    await scanner.scan()
    expect(saves).toHaveLength(1)

    fs.write('/p/tools/b.ts', tool('b2'))
    await scanner.scan({ changed: ['/p/tools/b.ts'] })
    await vi.advanceTimersByTimeAsync(600)
    fs.write('/p/tools/b.ts', tool('b3'))
    await scanner.scan()
    await vi.advanceTimersByTimeAsync(999)
    expect(saves).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(saves).toHaveLength(2)
    expect(saves[1]!.get('/p/tools/b.ts')!.scan.sites.map(s => s.name)).toEqual(['b3'])

    // Nothing new: no save.
    await scanner.scan({ changed: [] })
    await vi.advanceTimersByTimeAsync(5000)
    expect(saves).toHaveLength(2)
  })

  it('flush() writes a pending save at once', async () => {
    vi.useFakeTimers()
    const fs = createMemoryFs({ '/p/tools/a.ts': tool('a') })
    const { saves, store } = recordingStore()
    const scanner = createScanner(resolveOptions({}, '/p'), fs, { cache: store })
    await scanner.scan()
    fs.write('/p/tools/a.ts', tool('a2'))
    await scanner.scan({ changed: ['/p/tools/a.ts'] })
    expect(saves).toHaveLength(1)
    await scanner.flush()
    expect(saves).toHaveLength(2)
    expect(saves[1]!.get('/p/tools/a.ts')!.scan.sites.map(s => s.name)).toEqual(['a2'])
    await vi.advanceTimersByTimeAsync(5000)
    expect(saves).toHaveLength(2)
  })

  it('a process that ends with a save pending writes it before it exits', async () => {
    const root = await tempDir()
    await mkdir(path.join(root, 'tools'))
    await writeFile(path.join(root, 'tools/a.ts'), tool('a'))
    const plugin = path.join(repoRoot, 'packages/plugin/dist/index.js')
    const script = `
      import { writeFileSync } from 'node:fs'
      import { createScanner, resolveOptions } from ${JSON.stringify(plugin)}
      const root = ${JSON.stringify(root)}
      const scanner = createScanner(resolveOptions({ root }), undefined, { saveDelayMs: 60_000 })
      await scanner.scan()
      writeFileSync(root + '/tools/a.ts', ${JSON.stringify(tool('edited'))})
      await scanner.scan({ changed: [root + '/tools/a.ts'] })
    `
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script])
    const file = createDiskCache(resolveOptions({ root })).file
    // Stored as [size, mtimeMs, scan] by root-relative name (see disk-cache.test.ts).
    const saved = JSON.parse(await readFile(file, 'utf8')) as {
      files: Record<string, [number, number, Pick<CacheEntry['scan'], 'sites'>]>
    }
    expect(saved.files['tools/a.ts']![2].sites.map(s => s.name)).toEqual(['edited'])
  })
})
