import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  createMemoryFs,
  createScanner,
  nodeScanFs,
  resolveOptions,
  scanTools,
  type MemoryEntry,
  type ScanFs,
  type ToolRegistryOptions,
} from './internal.js'

const tool = (name: string, toolset = 't') =>
  `import { registry } from '@toolreg/core'\nregistry.register({ name: '${name}', toolset: '${toolset}', schema: {}, handler: () => '' })\n`

function setup(files: Record<string, MemoryEntry>, options: ToolRegistryOptions = {}) {
  const fs = createMemoryFs(files)
  const scanner = createScanner(resolveOptions(options, '/p'), fs)
  return { fs, scanner }
}

const summary = (d: { code: string; file: string; line: number; column: number; severity?: string }) =>
  `${d.code} ${d.severity ?? ''} ${d.file}:${d.line}:${d.column}`.replace('  ', ' ')

describe('finding files', () => {
  it('applies the default include/exclude globs, flat, and sorts by root-relative path', async () => {
    const { scanner } = setup({
      '/p/tools/b.ts': tool('b'),
      '/p/tools/a.mts': tool('a'),
      '/p/tools/c.tsx': tool('c'),
      '/p/tools/d.jsx': tool('d'),
      '/p/tools/e.mjs': tool('e'),
      '/p/tools/f.js': tool('f'),
      '/p/tools/index.ts': tool('index'),
      '/p/tools/registry.ts': tool('registry'),
      '/p/tools/b.test.ts': tool('test'),
      '/p/tools/b.spec.js': tool('spec'),
      '/p/tools/types.d.ts': tool('dts'),
      '/p/tools/notes.md': tool('md'),
      '/p/tools/.hidden.ts': tool('hidden'),
      '/p/tools/sub/deep.ts': tool('deep'),
    })
    const r = await scanner.scan()
    expect(r.files.map(f => f.file)).toEqual([
      'tools/a.mts',
      'tools/b.ts',
      'tools/c.tsx',
      'tools/d.jsx',
      'tools/e.mjs',
      'tools/f.js',
    ])
    expect(r.toolNames).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    expect(r.diagnostics).toEqual([])
  })

  it('descends into subdirectories only for patterns with a slash', async () => {
    const { scanner } = setup(
      {
        '/p/tools/a.ts': tool('a'),
        '/p/tools/sub/deep.ts': tool('deep'),
        '/p/tools/sub/more/deeper.ts': tool('deeper'),
        '/p/tools/node_modules/x/y.ts': tool('nm'),
        '/p/tools/.cache/z.ts': tool('hidden'),
      },
      { include: ['**/*.ts'] },
    )
    const r = await scanner.scan()
    expect(r.files.map(f => f.file)).toEqual(['tools/a.ts', 'tools/sub/deep.ts', 'tools/sub/more/deeper.ts'])
  })

  it('matches globs against the path relative to each dir, and merges several dirs', async () => {
    const { scanner } = setup(
      {
        '/p/tools/a.ts': tool('a'),
        '/p/more/z.ts': tool('z'),
        '/p/more/skip.ts': tool('skip'),
      },
      { dirs: ['more', 'tools'], exclude: ['skip.ts'] },
    )
    const r = await scanner.scan()
    expect(r.files.map(f => f.file)).toEqual(['more/z.ts', 'tools/a.ts'])
    expect(r.manifest.files).toEqual(['more/z.ts', 'tools/a.ts'])
  })

  it('a dir outside the root gives ../ paths', async () => {
    const { scanner } = setup({ '/shared/tools/x.ts': tool('x') }, { dirs: ['../shared/tools'] })
    const r = await scanner.scan()
    expect(r.files.map(f => [f.file, f.absPath])).toEqual([['../shared/tools/x.ts', '/shared/tools/x.ts']])
    expect(r.diagnostics).toEqual([])
  })

  it('TR007 for a missing dir, a file given as dir, and a dir without tool modules', async () => {
    const { scanner } = setup(
      {
        '/p/tools/helper.ts': 'export const x = 1\n',
        '/p/file.ts': 'x',
        '/p/other/a.ts': tool('a'),
      },
      { dirs: ['tools', 'missing', 'file.ts', 'other'] },
    )
    const r = await scanner.scan()
    expect(r.diagnostics.map(d => [d.code, d.severity, d.file, d.line, d.column, d.message])).toEqual([
      ['TR007', 'warning', 'file.ts', 0, 0, 'Tool directory file.ts is not a directory'],
      ['TR007', 'warning', 'missing', 0, 0, 'Tool directory missing does not exist'],
      ['TR007', 'warning', 'tools', 0, 0, 'Tool directory tools holds no tool module'],
    ])
    expect(r.toolModules.map(m => m.file)).toEqual(['other/a.ts'])
  })
})

describe('symlinks', () => {
  it('follows links that stay inside the root or the dir; TR006 for outside, dangling and looping links', async () => {
    const { scanner } = setup({
      '/p/tools/real.ts': tool('real'),
      '/p/tools/inside.ts': { symlink: '../lib/shared.ts' },
      '/p/lib/shared.ts': tool('shared'),
      '/p/tools/outside.ts': { symlink: '/etc/evil.ts' },
      '/etc/evil.ts': tool('evil'),
      '/p/tools/dangling.ts': { symlink: 'nowhere.ts' },
      '/p/tools/loop.ts': { symlink: 'loop2.ts' },
      '/p/tools/loop2.ts': { symlink: 'loop.ts' },
      '/p/tools/dangling.txt': { symlink: 'nowhere.txt' },
    })
    const r = await scanner.scan()
    expect(r.toolModules.map(m => [m.file, m.absPath, m.realPath])).toEqual([
      ['tools/inside.ts', '/p/tools/inside.ts', '/p/lib/shared.ts'],
      ['tools/real.ts', '/p/tools/real.ts', undefined],
    ])
    expect(r.diagnostics.map(summary)).toEqual([
      'TR006 error tools/dangling.ts:0:0',
      'TR006 error tools/loop.ts:0:0',
      'TR006 error tools/loop2.ts:0:0',
      'TR006 error tools/outside.ts:0:0',
    ])
    expect(r.diagnostics.map(d => d.message)).toEqual([
      'Symlink tools/dangling.ts is dangling (its target does not exist): it is not imported',
      'Symlink tools/loop.ts loops: it is not imported',
      'Symlink tools/loop2.ts loops: it is not imported',
      'Symlink tools/outside.ts leads outside the root and tools (to /etc/evil.ts): it is not imported',
    ])
    // Bundlers that resolve symlinks hand the real path to transform.
    expect(scanner.isToolFile('/p/lib/shared.ts')).toBe(true)
    expect(scanner.toolModuleAt('/p/lib/shared.ts')?.file).toBe('tools/inside.ts')
  })

  it('a link into the dir from a dir outside the root is allowed (inside the dir)', async () => {
    const { scanner } = setup(
      {
        '/shared/tools/a.ts': tool('a'),
        '/shared/tools/c.ts': { symlink: 'sub/c.ts' },
        '/shared/tools/sub/c.ts': tool('c'),
      },
      { dirs: ['../shared/tools'] },
    )
    const r = await scanner.scan()
    expect(r.toolModules.map(m => m.file)).toEqual(['../shared/tools/a.ts', '../shared/tools/c.ts'])
    expect(r.diagnostics).toEqual([])
  })

  it('one physical file is one module: a symlink to a sibling is imported once, under its first path, never a TR001 with itself', async () => {
    const { scanner } = setup({
      '/p/tools/b-real.ts': tool('b'),
      '/p/tools/a-link.ts': { symlink: 'b-real.ts' },
      '/p/tools/c-link.ts': { symlink: 'b-real.ts' },
    })
    const r = await scanner.scan()
    expect(r.toolModules.map(m => [m.file, m.realPath])).toEqual([['tools/a-link.ts', '/p/tools/b-real.ts']])
    expect(r.diagnostics).toEqual([])
    expect(r.toolNames).toEqual(['b'])
    // The bundler may hand either path back.
    expect(scanner.toolModuleAt('/p/tools/b-real.ts')?.file).toBe('tools/a-link.ts')
  })

  it('follows directory links for recursive patterns, and reports a loop back', async () => {
    const { scanner } = setup(
      {
        '/p/tools/a.ts': tool('a'),
        '/p/tools/linked': { symlink: '../lib' },
        '/p/lib/b.ts': tool('b'),
        '/p/tools/self': { symlink: '.' },
      },
      { include: ['**/*.ts'] },
    )
    const r = await scanner.scan()
    expect(r.toolModules.map(m => m.file)).toEqual(['tools/a.ts', 'tools/linked/b.ts'])
    expect(r.diagnostics.map(summary)).toEqual(['TR006 error tools/self:0:0'])
  })
})

describe('cross-file diagnostics', () => {
  it('TR001: two files, one name → one error at the later site, the other in related, with frames', async () => {
    const { scanner } = setup({
      '/p/tools/a.ts': tool('search', 'web'),
      '/p/tools/b.ts': '// b\n' + tool('search', 'docs'),
    })
    const r = await scanner.scan()
    expect(r.diagnostics).toHaveLength(1)
    const [d] = r.diagnostics
    expect(d).toMatchObject({ code: 'TR001', severity: 'error', file: 'tools/b.ts', line: 3, column: 1 })
    expect(d!.message).toBe('Duplicate tool name "search": also registered at tools/a.ts:2:1 (toolsets: web, docs)')
    expect(d!.related).toEqual([
      {
        file: 'tools/a.ts',
        line: 2,
        column: 1,
        frame: expect.stringContaining("> 2 | registry.register({ name: 'search', toolset: 'web'"),
      },
    ])
    expect(d!.frame).toContain("> 3 | registry.register({ name: 'search', toolset: 'docs'")
  })

  it('TR001: one file registering a name twice', async () => {
    const { scanner } = setup({ '/p/tools/a.ts': tool('x') + "registry.register({ name: 'x', toolset: 't' })\n" })
    const r = await scanner.scan()
    expect(r.diagnostics.map(summary)).toEqual(['TR001 error tools/a.ts:3:1'])
    expect(r.diagnostics[0]!.related!.map(s => `${s.file}:${s.line}`)).toEqual(['tools/a.ts:2'])
    expect(r.toolNames).toEqual(['x'])
    expect(r.manifest.tools.map(t => t.line)).toEqual([2, 3])
  })

  it('TR001: three sites → one diagnostic per name listing the two others', async () => {
    const { scanner } = setup({
      '/p/tools/c.ts': tool('n'),
      '/p/tools/a.ts': tool('n'),
      '/p/tools/b.ts': tool('n') + tool('m').replace(/^import.*\n/, ''),
      '/p/tools/d.ts': tool('m'),
    })
    const r = await scanner.scan()
    expect(r.diagnostics.map(d => [d.file, d.message.split(':')[0], d.related!.map(s => s.file)])).toEqual([
      ['tools/c.ts', 'Duplicate tool name "n"', ['tools/a.ts', 'tools/b.ts']],
      ['tools/d.ts', 'Duplicate tool name "m"', ['tools/b.ts']],
    ])
  })

  it('TR001 is dropped when a file involved is gone by the time it is reported (rename: add, then unlink)', async () => {
    const fs = createMemoryFs({ '/p/tools/a.ts': tool('x'), '/p/tools/old.ts': tool('x') })
    let oldReads = 0
    const racing: ScanFs = {
      ...fs,
      readFile: async p => {
        if (p.endsWith('old.ts') && ++oldReads > 1)
          throw Object.assign(new Error(`ENOENT: no such file '${p}'`), { code: 'ENOENT' })
        return fs.readFile(p)
      },
    }
    const r = await scanTools({ root: '/p' }, { fs: racing })
    expect(r.diagnostics).toEqual([])
  })

  it('dynamic names never collide', async () => {
    const { scanner } = setup({
      '/p/tools/a.ts': "import { registry } from '@toolreg/core'\nregistry.register(makeSpec())\n",
      '/p/tools/b.ts': "import { registry } from '@toolreg/core'\nregistry.register(makeSpec())\n",
    })
    const r = await scanner.scan()
    expect(r.diagnostics.map(d => d.code)).toEqual(['TR002', 'TR002'])
    expect(r.manifest.tools.map(t => [t.name, t.toolset])).toEqual([
      [null, null],
      [null, null],
    ])
    expect(r.toolNames).toEqual([])
  })

  it('strict turns every warning into an error, in the result and in each file scan', async () => {
    const files = {
      '/p/tools/a.ts': "import { registry } from '@toolreg/core'\nregistry.register(makeSpec())\n",
      '/p/tools/w?x.ts': tool('w'),
    }
    const loose = await setup(files).scanner.scan()
    const strict = await setup(files, { strict: true }).scanner.scan()
    expect(loose.diagnostics.map(summary)).toEqual(['TR002 warning tools/a.ts:2:19', 'TR008 warning tools/w?x.ts:0:0'])
    expect(strict.diagnostics.map(summary)).toEqual(['TR002 error tools/a.ts:2:19', 'TR008 error tools/w?x.ts:0:0'])
    expect(strict.files.flatMap(f => f.diagnostics).map(d => d.severity)).toEqual(['error', 'error'])
  })

  it('TR008 for ? and # in a file name; the file is still a tool module', async () => {
    const r = await setup({ '/p/tools/a#b.ts': tool('a'), '/p/tools/c?d.ts': tool('c') }).scanner.scan()
    expect(r.diagnostics.map(summary)).toEqual(['TR008 warning tools/a#b.ts:0:0', 'TR008 warning tools/c?d.ts:0:0'])
    expect(r.toolModules.map(m => m.file)).toEqual(['tools/a#b.ts', 'tools/c?d.ts'])
  })

  it('sorts all diagnostics by file, line and column', async () => {
    const r = await setup({
      '/p/tools/b.ts':
        "import { registry } from '@toolreg/core'\nregistry.register(x)\nregistry.register({ name: 1, toolset: 't' })\n",
      '/p/tools/a.ts': 'registry.register(',
    }).scanner.scan()
    expect(r.diagnostics.map(summary)).toEqual([
      'TR004 error tools/a.ts:1:19',
      'TR002 warning tools/b.ts:2:19',
      'TR003 error tools/b.ts:3:27',
    ])
  })
})

describe('reading files', () => {
  it('TR004 for a non-UTF-8 file at the first bad byte, 1-based', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('const a = 1\nconst é = "'), 0xff, 0x22, 0x0a])
    const r = await setup({ '/p/tools/bad.ts': bytes }).scanner.scan()
    expect(r.diagnostics).toHaveLength(1)
    expect(r.diagnostics[0]).toMatchObject({
      code: 'TR004',
      severity: 'error',
      file: 'tools/bad.ts',
      line: 2,
      column: 12,
    })
    expect(r.diagnostics[0]!.message).toBe(
      'tools/bad.ts is not valid UTF-8 (byte 0xFF at line 2, column 12): save it as UTF-8',
    )
    expect(r.diagnostics[0]!.frame).toContain('> 2 | const é = "')
  })

  it.each([
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a lone continuation byte', [0x80]],
    ['a truncated sequence at the end', [0xe2, 0x82]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
  ])('TR004 for %s', async (_, bad) => {
    const bytes = new Uint8Array([0x61, 0x0a, 0x62, ...bad])
    const r = await setup({ '/p/tools/bad.ts': bytes }).scanner.scan()
    expect(r.diagnostics[0]).toMatchObject({ code: 'TR004', line: 2, column: 2 })
  })

  it('a BOM is fine: positions count from after it', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(tool('bom'))])
    const r = await setup({ '/p/tools/bom.ts': bytes }).scanner.scan()
    expect(r.diagnostics).toEqual([])
    expect(r.manifest.tools).toEqual([{ name: 'bom', toolset: 't', file: 'tools/bom.ts', line: 2, column: 1 }])
  })

  it('TR004 for an unreadable file', async () => {
    const fs = createMemoryFs({ '/p/tools/a.ts': tool('a'), '/p/tools/locked.ts': tool('l') })
    const locked: ScanFs = {
      ...fs,
      readFile: async p => {
        if (p.endsWith('locked.ts'))
          throw Object.assign(new Error(`EACCES: permission denied, open '${p}'`), { code: 'EACCES' })
        return fs.readFile(p)
      },
    }
    const r = await scanTools({ root: '/p' }, { fs: locked })
    expect(r.diagnostics.map(d => [d.code, d.file, d.message])).toEqual([
      ['TR004', 'tools/locked.ts', "Cannot read tools/locked.ts: EACCES: permission denied, open '/p/tools/locked.ts'"],
    ])
    expect(r.toolNames).toEqual(['a'])
  })

  it('a ScanFs may answer and throw synchronously, as nodeScanFs does', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'toolreg-syncfs-'))
    try {
      mkdirSync(path.join(root, 'tools'))
      writeFileSync(path.join(root, 'tools/a.ts'), tool('a'))
      writeFileSync(path.join(root, 'tools/locked.ts'), tool('l'))
      symlinkSync('nowhere.ts', path.join(root, 'tools/gone.ts'))
      const fail = (p: string): never => {
        throw Object.assign(new Error(`EACCES: permission denied, open '${p}'`), { code: 'EACCES' })
      }
      // The root's realpath fails synchronously (the root is then used as is), so does one read.
      const sync: ScanFs = {
        ...nodeScanFs,
        realpath: p => (p === root ? fail(p) : nodeScanFs.realpath(p)),
        readFile: p => (p.endsWith('locked.ts') ? fail(p) : nodeScanFs.readFile(p)),
      }
      const r = await scanTools({ root, dts: false }, { fs: sync, cache: false })
      expect(r.diagnostics.map(d => [d.code, d.file])).toEqual([
        ['TR006', 'tools/gone.ts'],
        ['TR004', 'tools/locked.ts'],
      ])
      expect(r.toolNames).toEqual(['a'])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('a read failure is not cached: the file is read again once readable', async () => {
    const fs = createMemoryFs({ '/p/tools/a.ts': tool('a') })
    let locked = true
    const flaky: ScanFs = {
      ...fs,
      readFile: async p => {
        if (locked) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })
        return fs.readFile(p)
      },
    }
    const scanner = createScanner(resolveOptions({}, '/p'), flaky)
    expect((await scanner.scan()).diagnostics.map(d => d.code)).toEqual(['TR004'])
    locked = false
    const r = await scanner.scan()
    expect(r.diagnostics).toEqual([])
    expect(r.toolNames).toEqual(['a'])
  })

  it('an empty file is neither an error nor a tool module', async () => {
    const r = await setup({ '/p/tools/empty.ts': '', '/p/tools/a.ts': tool('a') }).scanner.scan()
    expect(r.files.map(f => [f.file, f.isToolModule])).toEqual([
      ['tools/a.ts', true],
      ['tools/empty.ts', false],
    ])
    expect(r.diagnostics).toEqual([])
  })
})

describe('the scan cache', () => {
  it('does not read unchanged files again; rereads changed, invalidated and new files; forgets deleted ones', async () => {
    const { fs, scanner } = setup({ '/p/tools/a.ts': tool('a'), '/p/tools/b.ts': tool('b') })
    await scanner.scan()
    expect(Object.fromEntries(fs.reads)).toEqual({ '/p/tools/a.ts': 1, '/p/tools/b.ts': 1 })

    const warm = await scanner.scan()
    expect(Object.fromEntries(fs.reads)).toEqual({ '/p/tools/a.ts': 1, '/p/tools/b.ts': 1 })
    expect(warm.toolNames).toEqual(['a', 'b'])

    fs.write('/p/tools/b.ts', tool('b2'))
    fs.write('/p/tools/c.ts', tool('c'))
    scanner.invalidate('/p/tools/a.ts')
    const after = await scanner.scan()
    expect(Object.fromEntries(fs.reads)).toEqual({ '/p/tools/a.ts': 2, '/p/tools/b.ts': 2, '/p/tools/c.ts': 1 })
    expect(after.toolNames).toEqual(['a', 'b2', 'c'])

    fs.remove('/p/tools/a.ts')
    const removed = await scanner.scan()
    expect(removed.toolNames).toEqual(['b2', 'c'])
    expect(scanner.isToolFile('/p/tools/a.ts')).toBe(false)
    fs.write('/p/tools/a.ts', tool('a'))
    await scanner.scan()
    expect(fs.reads.get('/p/tools/a.ts')).toBe(3)
  })

  it('a file that became a duplicate is reported even when it came from the cache', async () => {
    const { fs, scanner } = setup({ '/p/tools/a.ts': tool('a'), '/p/tools/b.ts': tool('b') })
    expect((await scanner.scan()).diagnostics).toEqual([])
    fs.write('/p/tools/b.ts', tool('a'))
    expect((await scanner.scan()).diagnostics.map(summary)).toEqual(['TR001 error tools/b.ts:2:1'])
  })

  it('serializes concurrent scans: one runs, the others share one queued run', async () => {
    const { fs, scanner } = setup({ '/p/tools/a.ts': tool('a') })
    const first = scanner.scan()
    const second = scanner.scan()
    const third = scanner.scan()
    expect(second).toBe(third)
    expect(first).not.toBe(second)
    const results = await Promise.all([first, second, third])
    expect(results.map(r => r.toolNames)).toEqual([['a'], ['a'], ['a']])
    expect(fs.reads.get('/p/tools/a.ts')).toBe(1)
  })

  it('isToolFile / toolModuleAt reflect the last scan only', async () => {
    const { scanner } = setup({ '/p/tools/a.ts': tool('a'), '/p/tools/helper.ts': 'export {}\n' })
    expect(scanner.isToolFile('/p/tools/a.ts')).toBe(false)
    await scanner.scan()
    expect(scanner.isToolFile('/p/tools/a.ts')).toBe(true)
    expect(scanner.isToolFile('/p/tools/helper.ts')).toBe(false)
    expect(scanner.toolModuleAt('/p/tools/a.ts')?.sites.map(s => s.name)).toEqual(['a'])
    expect(scanner.toolModuleAt('/p/tools/nope.ts')).toBeUndefined()
  })
})

describe('resolveOptions', () => {
  it('fills in the SPEC defaults', () => {
    expect(resolveOptions({}, '/root')).toEqual({
      root: '/root',
      dirs: ['tools'],
      include: ['*.{ts,tsx,mts,js,jsx,mjs}'],
      exclude: ['*.d.ts', '*.{test,spec}.*', 'index.*', 'registry.*'],
      registryModules: ['@toolreg/core'],
      names: 'portable',
      strict: false,
      isolate: false,
      lazy: false,
      defer: false,
      dts: 'tool-registry.d.ts',
      manifest: 'tool-manifest.json',
      api: false,
    })
  })

  it('an explicit root wins over the bundler root; both become absolute', () => {
    expect(resolveOptions({ root: '/explicit' }, '/bundler').root).toBe('/explicit')
    expect(resolveOptions({}, 'rel').root).toBe(`${process.cwd()}/rel`)
  })

  it.each([
    [{ names: 'nope' }, /option "names"/],
    [{ dirs: 'tools' }, /option "dirs"/],
    [{ include: [''] }, /option "include"/],
    [{ registryModules: [] }, /option "registryModules"/],
    [{ dts: '' }, /option "dts"/],
    [{ manifest: 1 }, /option "manifest"/],
  ])('rejects bad options with a TypeError: %j', (options, message) => {
    expect(() => resolveOptions(options as never)).toThrow(message)
    expect(() => resolveOptions(options as never)).toThrow(TypeError)
  })
})
