// The scanner over real fixture trees on disk (node:fs), one case per tree.
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { scanTools, type Diagnostic, type NameRuleName } from './internal.js'
import { cleanupTemps, copyFixture, fixture, tempDir } from './helpers.js'

afterEach(cleanupTemps)

const brief = (d: Diagnostic) => `${d.code} ${d.severity} ${d.file}:${d.line}:${d.column}`

describe('scan fixtures', () => {
  it('scan-basic: plain, aliased, namespace and const-spec tools; helpers and excluded files are skipped', async () => {
    const r = await scanTools({ root: fixture('scan-basic') }, { cache: false })
    expect(r.diagnostics).toEqual([])
    expect(r.files.map(f => [f.file, f.isToolModule])).toEqual([
      ['tools/clock.ts', true],
      ['tools/format.ts', false],
      ['tools/math.ts', true],
      ['tools/search.ts', true],
    ])
    expect(r.toolNames).toEqual(['add', 'clock_now', 'multiply', 'web_search'])
    expect(r.manifest).toEqual({
      version: 1,
      tools: [
        { name: 'clock_now', toolset: 'time', file: 'tools/clock.ts', line: 11, column: 1 },
        { name: 'add', toolset: 'math', file: 'tools/math.ts', line: 12, column: 1 },
        { name: 'multiply', toolset: 'math', file: 'tools/math.ts', line: 19, column: 25 },
        { name: 'web_search', toolset: 'web', file: 'tools/search.ts', line: 3, column: 1 },
      ],
      files: ['tools/clock.ts', 'tools/math.ts', 'tools/search.ts'],
    })
    expect(r.toolModules.every(m => path.isAbsolute(m.absPath) && m.absPath.startsWith(fixture('scan-basic')))).toBe(
      true,
    )
  })

  it('scan-basic with a missing dir: TR007 warning, the rest still scanned', async () => {
    const r = await scanTools({ root: fixture('scan-basic'), dirs: ['tools', 'not-there'] }, { cache: false })
    expect(r.diagnostics.map(brief)).toEqual(['TR007 warning not-there:0:0'])
    expect(r.toolNames).toHaveLength(4)
  })

  it('scan-empty: a dir with no tool module is TR007', async () => {
    const r = await scanTools({ root: fixture('scan-empty') }, { cache: false })
    expect(r.diagnostics.map(d => [d.code, d.file, d.message])).toEqual([
      ['TR007', 'tools', 'Tool directory tools holds no tool module'],
    ])
  })

  it('scan-duplicates: two files one name, and one file registering a name twice', async () => {
    const r = await scanTools({ root: fixture('scan-duplicates') }, { cache: false })
    expect(r.diagnostics.map(brief)).toEqual(['TR001 error tools/twice.ts:5:1', 'TR001 error tools/web.ts:4:1'])
    const [twice, web] = r.diagnostics
    expect(web!.message).toBe(
      'Duplicate tool name "search": also registered at tools/docs.ts:3:1 (toolsets: docs, web)',
    )
    expect(web!.related).toEqual([
      {
        file: 'tools/docs.ts',
        line: 3,
        column: 1,
        frame: expect.stringContaining("> 3 | registry.register({ name: 'search', toolset: 'docs'"),
      },
    ])
    expect(web!.frame).toContain("> 4 | registry.register({ name: 'search', toolset: 'web'")
    expect(twice!.related!.map(s => `${s.file}:${s.line}:${s.column}`)).toEqual(['tools/twice.ts:3:1'])
  })

  const namesByRule: [NameRuleName, string[]][] = [
    ['portable', ['colon', 'digit', 'dotted', 'long', 'space']],
    ['openai', ['colon', 'dotted', 'long', 'space']],
    ['anthropic', ['colon', 'dotted', 'long', 'space']],
    ['gemini', ['digit', 'long', 'space']],
    ['mcp', ['colon', 'space']],
  ]
  it.each(namesByRule)('scan-names with names: %s → TR003 for exactly the names it refuses', async (names, refused) => {
    const r = await scanTools({ root: fixture('scan-names'), names }, { cache: false })
    expect(r.diagnostics.map(d => d.code)).toEqual(refused.map(() => 'TR003'))
    expect(r.diagnostics.map(d => path.basename(d.file, '.ts'))).toEqual(refused)
    expect(
      r.diagnostics.every(d => d.line === 3 && d.column === 27 && d.message.includes(`the ${names} name rule`)),
    ).toBe(true)
  })

  it('scan-syntax: TR004 with the parser line and a frame; the good file still counts', async () => {
    const r = await scanTools({ root: fixture('scan-syntax') }, { cache: false })
    expect(r.diagnostics.map(brief)).toEqual(['TR004 error tools/broken.ts:6:3'])
    expect(r.diagnostics[0]!.message).toBe('Cannot parse tools/broken.ts: Unexpected token, expected ","')
    expect(r.diagnostics[0]!.frame).toContain('> 6 |   schema: {},')
    expect(r.toolNames).toEqual(['fine'])
  })

  it('scan-filenames: spaces, quotes, $, backticks and non-ASCII work; ? and # are TR008 and still imported', async () => {
    const r = await scanTools({ root: fixture('scan-filenames') }, { cache: false })
    expect(r.diagnostics.map(brief)).toEqual([
      'TR008 warning tools/hash#1.mjs:0:0',
      'TR008 warning tools/what?.mjs:0:0',
    ])
    expect(r.toolModules.map(m => m.file)).toEqual([
      'tools/back`tick`.mjs',
      'tools/cost$1.mjs',
      'tools/hash#1.mjs',
      "tools/it's.mjs",
      'tools/say "hi".mjs',
      'tools/what?.mjs',
      'tools/with space.mjs',
      'tools/ünïcödé.mjs',
      'tools/日本語.mjs',
    ])
    expect(r.toolNames).toEqual([
      'fn_backtick',
      'fn_cjk',
      'fn_dollar',
      'fn_double_quote',
      'fn_hash',
      'fn_latin',
      'fn_question',
      'fn_single_quote',
      'fn_space',
    ])
  })

  it('scan-side-effects: a package marked "sideEffects": false is scanned like any other', async () => {
    const r = await scanTools({ root: fixture('scan-side-effects') }, { cache: false })
    expect(r.diagnostics).toEqual([])
    expect(r.toolNames).toEqual(['alpha', 'beta'])
  })

  it('scan-symlinks: inside links are followed; out-of-root, dangling and looping links are TR006', async () => {
    const root = await copyFixture('scan-symlinks')
    const elsewhere = await tempDir('toolreg-outside-')
    await writeFile(
      path.join(elsewhere, 'evil.ts'),
      "import { registry } from '@toolreg/core'\nregistry.register({ name: 'evil', toolset: 'x', schema: {}, handler: () => '' })\n",
    )
    const tools = path.join(root, 'tools')
    await symlink('../lib/shared.ts', path.join(tools, 'inside.ts'))
    await symlink(path.join(elsewhere, 'evil.ts'), path.join(tools, 'outside.ts'))
    await symlink('nowhere.ts', path.join(tools, 'dangling.ts'))
    await symlink('loop.ts', path.join(tools, 'loop.ts'))
    const r = await scanTools({ root }, { cache: false })
    expect(r.diagnostics.map(brief)).toEqual([
      'TR006 error tools/dangling.ts:0:0',
      'TR006 error tools/loop.ts:0:0',
      'TR006 error tools/outside.ts:0:0',
    ])
    expect(r.diagnostics.map(d => d.message.split(':')[0])).toEqual([
      'Symlink tools/dangling.ts is dangling (its target does not exist)',
      'Symlink tools/loop.ts loops',
      `Symlink tools/outside.ts leads outside the root and tools (to ${path.join(elsewhere, 'evil.ts')})`,
    ])
    expect(r.toolModules.map(m => [m.file, m.absPath])).toEqual([
      ['tools/inside.ts', path.join(tools, 'inside.ts')],
      ['tools/real.ts', path.join(tools, 'real.ts')],
    ])
    expect(r.toolNames).toEqual(['real', 'shared'])
  })

  it('scan-edge: empty file, BOM, non-UTF-8 and a 5 MB file', async () => {
    const root = await copyFixture('scan-edge')
    const tools = path.join(root, 'tools')
    const tool = (name: string) =>
      `import { registry } from '@toolreg/core'\nregistry.register({ name: '${name}', toolset: 'edge', schema: {}, handler: () => '' })\n`
    await writeFile(
      path.join(tools, 'bom.ts'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(tool('bom'))]),
    )
    // A U+FFFD written in the file (valid UTF-8): read natively, then again strictly to tell it
    // from a bad byte, and scanned.
    await writeFile(path.join(tools, 'fffd.ts'), `${tool('fffd')}const REPLACED = '\uFFFD'\n`)
    // Latin-1 "é" (0xE9) where UTF-8 expects a continuation byte.
    await writeFile(
      path.join(tools, 'latin1.ts'),
      Buffer.concat([Buffer.from(tool('latin1') + "const caf = 'caf"), Buffer.from([0xe9]), Buffer.from("'\n")]),
    )
    const line = `  'padding to make this file big: ${'x'.repeat(60)}',\n`
    const lines = Math.ceil((5 * 1024 * 1024) / line.length)
    await writeFile(
      path.join(tools, 'big.ts'),
      `import { registry } from '@toolreg/core'\nconst DATA = [\n${line.repeat(lines)}]\nregistry.register({ name: 'big', toolset: 'edge', schema: {}, handler: () => String(DATA.length) })\n`,
    )
    await mkdir(path.join(root, 'unused'))

    const r = await scanTools({ root }, { cache: false })
    expect(r.diagnostics.map(brief)).toEqual(['TR004 error tools/latin1.ts:3:17'])
    expect(r.diagnostics[0]!.message).toBe(
      'tools/latin1.ts is not valid UTF-8 (byte 0xE9 at line 3, column 17): save it as UTF-8',
    )
    expect(r.toolNames).toEqual(['big', 'bom', 'fffd', 'ok'])
    expect(r.manifest.tools.find(t => t.name === 'big')).toMatchObject({ line: lines + 4, column: 1 })
    expect(r.manifest.tools.find(t => t.name === 'bom')).toMatchObject({ line: 2, column: 1 })
    expect(r.files.find(f => f.file === 'tools/empty.ts')).toMatchObject({ isToolModule: false, diagnostics: [] })
  })
})
