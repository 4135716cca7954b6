// The `toolreg` CLI as CI runs it: a real process, its output and exit code.
import { access, mkdir, readFile, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTemps, fixture, tempDir } from '../packages/plugin/test/helpers.js'
import { toolreg } from './helpers/run.js'

afterEach(cleanupTemps)

describe('toolreg check', () => {
  it('exit 0 and a summary for a clean project; the root defaults to the working directory', async () => {
    const r = await toolreg(['check'], fixture('scan-basic'))
    expect(r).toEqual({ code: 0, stdout: '0 errors and 0 warnings in 3 tool files (4 tools)\n', stderr: '' })
  })

  it('text: exit 1 with every error, its frame and the related site', async () => {
    const r = await toolreg(['check', '--root', fixture('scan-duplicates')])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain(
      'tools/web.ts:4:1 - error TR001: Duplicate tool name "search": also registered at tools/docs.ts:3:1 (toolsets: docs, web)',
    )
    expect(r.stdout).toContain("  > 4 | registry.register({ name: 'search', toolset: 'web'")
    expect(r.stdout).toContain('  tools/docs.ts:3:1 - also registered here')
    expect(r.stdout).toContain("    > 3 | registry.register({ name: 'search', toolset: 'docs'")
    expect(r.stdout).toContain('tools/twice.ts:5:1 - error TR001: Duplicate tool name "ping"')
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('2 errors and 0 warnings in 3 tool files (4 tools)')
  })

  it('json: { diagnostics, tools }', async () => {
    const r = await toolreg(['check', '--root', fixture('scan-duplicates'), '--format', 'json'])
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout)
    expect(
      out.diagnostics.map((d: { code: string; file: string; line: number }) => `${d.code} ${d.file}:${d.line}`),
    ).toEqual(['TR001 tools/twice.ts:5', 'TR001 tools/web.ts:4'])
    expect(out.tools.map((t: { name: string }) => t.name)).toEqual(['search', 'ping', 'ping', 'search'])
  })

  it('github: one workflow command per diagnostic', async () => {
    const r = await toolreg(['check', '--root', fixture('scan-duplicates'), '--format', 'github'])
    expect(r.code).toBe(1)
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      '::error file=tools/twice.ts,line=5,col=1,title=TR001::Duplicate tool name "ping": also registered at tools/twice.ts:3:1 (toolsets: net)',
      '::error file=tools/web.ts,line=4,col=1,title=TR001::Duplicate tool name "search": also registered at tools/docs.ts:3:1 (toolsets: docs, web)',
    ])
  })

  it('warnings alone exit 0; --strict makes them errors and exits 1', async () => {
    const loose = await toolreg(['check', '--root', fixture('scan-empty')])
    expect(loose.code).toBe(0)
    expect(loose.stdout).toContain('tools - warning TR007: Tool directory tools holds no tool module')
    const strict = await toolreg(['check', '--root', fixture('scan-empty'), '--strict', '--format', 'github'])
    expect(strict).toMatchObject({
      code: 1,
      stdout: '::error file=tools,title=TR007::Tool directory tools holds no tool module\n',
    })
  })

  it('--dir is repeatable, --names takes a preset or a /regexp/', async () => {
    const dirs = await toolreg([
      'check',
      '--root',
      fixture('scan-basic'),
      '--dir',
      'tools',
      '--dir',
      'missing',
      '--format',
      'json',
    ])
    expect(dirs.code).toBe(0)
    expect(
      JSON.parse(dirs.stdout).diagnostics.map((d: { file: string; code: string }) => `${d.code} ${d.file}`),
    ).toEqual(['TR007 missing'])

    const mcp = await toolreg(['check', '--root', fixture('scan-names'), '--names', 'mcp', '--format', 'json'])
    expect(mcp.code).toBe(1)
    expect(JSON.parse(mcp.stdout).diagnostics.map((d: { file: string }) => d.file)).toEqual([
      'tools/colon.ts',
      'tools/space.ts',
    ])

    const regexp = await toolreg([
      'check',
      '--root',
      fixture('scan-names'),
      '--names',
      '/^[a-z_]+$/',
      '--format',
      'json',
    ])
    expect(JSON.parse(regexp.stdout).diagnostics.map((d: { file: string }) => d.file)).toEqual([
      'tools/colon.ts',
      'tools/digit.ts',
      'tools/dotted.ts',
      'tools/space.ts',
    ])
  })

  it('--out writes the report to a file instead of stdout', async () => {
    const dir = await tempDir()
    const out = path.join(dir, 'reports/check.txt')
    const r = await toolreg(['check', '--root', fixture('scan-duplicates'), '--out', out])
    expect(r).toMatchObject({ code: 1, stdout: '' })
    expect(await readFile(out, 'utf8')).toContain('error TR001')
  })
})

describe('toolreg list', () => {
  it('prints a table of name, toolset and location', async () => {
    const r = await toolreg(['list', '--root', fixture('scan-basic')])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      [
        'NAME        TOOLSET  LOCATION',
        'clock_now   time     tools/clock.ts:11:1',
        'add         math     tools/math.ts:12:1',
        'multiply    math     tools/math.ts:19:25',
        'web_search  web      tools/search.ts:3:1',
        '',
      ].join('\n'),
    )
  })

  it('json lists the tools; diagnostics go to stderr and errors still exit 1', async () => {
    const r = await toolreg(['list', '--root', fixture('scan-syntax'), '--format', 'json'])
    expect(r.code).toBe(1)
    expect(JSON.parse(r.stdout)).toEqual([{ name: 'fine', toolset: 't', file: 'tools/ok.ts', line: 3, column: 1 }])
    expect(r.stderr).toContain('tools/broken.ts:6:3 - error TR004')
  })
})

describe('toolreg check parses every file in full', () => {
  // The build's lexer fast path skips the handler body (the bundler reports a syntax error there
  // when it compiles the file); the CLI compiles nothing, so it must not take that path.
  it('a syntax error inside a recognised register call is TR004, exit 1', async () => {
    const root = await tempDir('toolreg-cli-syntax-')
    await mkdir(path.join(root, 'tools'))
    const source = [
      "import { registry } from '@toolreg/core'",
      "registry.register({ name: 'broken_body', toolset: 't', schema: {}, handler: () => { return 1 +* 2 } })",
      '',
    ].join('\n')
    await writeFile(path.join(root, 'tools', 'broken.ts'), source)
    // The fast path does accept this file: without the full parse the check would pass.
    const { fastDetectRegisterCalls } = await import('../packages/plugin/src/detect/fast/detect.js')
    expect(fastDetectRegisterCalls(source, 'tools/broken.ts', {})).not.toBeUndefined()
    const r = await toolreg(['check', '--root', root])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/tools\/broken\.ts:2:\d+ - error TR004/)
  })
})

describe('toolreg manifest', () => {
  it('prints the manifest JSON', async () => {
    const r = await toolreg(['manifest', '--root', fixture('scan-side-effects')])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({
      version: 1,
      tools: [
        { name: 'alpha', toolset: 'pure', file: 'tools/alpha.ts', line: 4, column: 1 },
        { name: 'beta', toolset: 'pure', file: 'tools/beta.ts', line: 3, column: 21 },
      ],
      files: ['tools/alpha.ts', 'tools/beta.ts'],
    })
  })

  it('--out writes it; with errors nothing is written and the exit code is 1', async () => {
    const dir = await tempDir()
    const good = path.join(dir, 'good.json')
    expect(await toolreg(['manifest', '--root', fixture('scan-basic'), '--out', good])).toMatchObject({
      code: 0,
      stdout: '',
    })
    expect(JSON.parse(await readFile(good, 'utf8')).files).toEqual([
      'tools/clock.ts',
      'tools/math.ts',
      'tools/search.ts',
    ])

    const bad = path.join(dir, 'bad.json')
    const r = await toolreg(['manifest', '--root', fixture('scan-duplicates'), '--out', bad])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('error TR001')
    await expect(access(bad)).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

describe('bad usage exits 2 with a message and the usage on stderr', () => {
  it.each([
    [[], 'Missing command'],
    [['deploy'], 'Unknown command "deploy"'],
    [['check', '--bogus'], "Unknown option '--bogus'"],
    [['check', '--format', 'xml'], '--format: unknown format "xml"'],
    [['check', '--names', 'nope'], '--names: unknown rule "nope"'],
    [['check', '--names', '/[/'], '--names: invalid regular expression'],
    [['check', '--root'], "Option '--root <value>' argument missing"],
    [['check', 'extra'], 'Unexpected argument "extra"'],
    [['check', '--root', 'no/such/dir'], '--root: '],
  ])('toolreg %j', async (args, message) => {
    const r = await toolreg(args, fixture('scan-basic'))
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain(message)
    expect(r.stderr).toContain('Usage: toolreg <command> [options]')
  })

  it('--help prints the usage on stdout and exits 0', async () => {
    const r = await toolreg(['--help'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Usage: toolreg <command> [options]')
  })
})

describe('--out that cannot be written: one line on stderr, exit 2, no hang, no stack', () => {
  const cases: [string, (dir: string) => Promise<string>, string][] = [
    ['a directory', async dir => dir, 'it is a directory'],
    ['a full device', async () => '/dev/full', 'no space left on the device'],
    ['an over-long name', async dir => path.join(dir, 'x'.repeat(300) + '.json'), 'the file name is too long'],
    [
      'a path under a file',
      async dir => {
        await writeFile(path.join(dir, 'plain'), '')
        return path.join(dir, 'plain/x.json')
      },
      'a part of its path is a file, not a directory',
    ],
    [
      'a directory that cannot be created (/proc/1/nope)',
      async () => '/proc/1/nope/x.json',
      'its directory does not exist and cannot be created',
    ],
  ]
  it.each(cases)('%s', async (_, target, why) => {
    const out = await target(await tempDir())
    for (const command of ['check', 'manifest']) {
      const started = Date.now()
      const r = await toolreg([command, '--out', out], fixture('scan-basic'))
      expect(Date.now() - started).toBeLessThan(30_000)
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(`toolreg: --out: cannot write ${out}: ${why}\n`)
    }
  })

  it('creates missing parent directories', async () => {
    const out = path.join(await tempDir(), 'a/b/c/manifest.json')
    const r = await toolreg(['manifest', '--out', out], fixture('scan-basic'))
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' })
    expect(JSON.parse(await readFile(out, 'utf8')).version).toBe(1)
  })
})
