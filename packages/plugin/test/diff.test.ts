// `toolreg manifest --definitions` and `toolreg diff` (README "CLI"): static definitions read
// from tool files, the classification of each kind of change over fixture manifest pairs
// (test/fixtures/diff/<case>/{base,head}.json, the markdown kept beside them), and the whole
// CI path over a git history of two commits.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../src/cli/main.js'
import { readDefinitions } from '../src/detect/full/definitions.js'
import { scanTools } from './internal.js'

const fixtures = fileURLToPath(new URL('./fixtures/diff/', import.meta.url))

async function run(argv: string[], cwd = fixtures) {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { stdout: t => void (stdout += t), stderr: t => void (stderr += t), cwd })
  return { code, stdout, stderr }
}

const HEAD = `import { registry } from '@toolreg/core'\nimport { z } from 'zod'\n`

async function definitionsOf(body: string) {
  const scan = await scanTools(
    { root: '/p' },
    { fs: (await import('./internal.js')).createMemoryFs({ '/p/tools/a.ts': HEAD + body }) },
  )
  const m = scan.toolModules[0]!
  return readDefinitions(HEAD + body, m.file, m.sites, scan.options.registryModules)
}

describe('static definitions', () => {
  it('reads description, JSON Schema parameters, needsApproval, annotations and timeoutMs through consts', async () => {
    expect(
      await definitionsOf(`
const P = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } as const
const SPEC = { name: 'rm', toolset: 'fs', schema: { description: 'Delete', parameters: P }, needsApproval: true, annotations: { destructiveHint: true }, timeoutMs: 5000, handler: () => '' }
registry.register(SPEC)
registry.register({ name: 'ls', toolset: 'fs', description: 'List', schema: {}, needsApproval: false, handler: () => '' })
`),
    ).toEqual([
      {
        description: 'Delete',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        needsApproval: true,
        annotations: { destructiveHint: true },
        timeoutMs: 5000,
      },
      { description: 'List', needsApproval: false },
    ])
  })

  it('what is not static is named: a zod schema, a needsApproval function, a computed timeout', async () => {
    expect(
      await definitionsOf(`
let limit = 5
registry.register({ name: 'z', toolset: 't', schema: { description: 'Z', parameters: z.object({ q: z.string() }) }, needsApproval: ({ q }) => q.length > 3, timeoutMs: limit * 1000, handler: () => '' })
registry.register({ name: 'm', toolset: 't', schema: {}, needsApproval(args) { return true }, handler: () => '' })
`),
    ).toEqual([
      { description: 'Z', needsApproval: 'dynamic', dynamic: ['parameters', 'timeoutMs'] },
      { needsApproval: 'dynamic' },
    ])
  })
})

/** Each case's changes as `class tool: message`, the classification under test. */
const EXPECTED: Record<string, string[]> = {
  'tool-removed': ['breaking b: tool removed'],
  'tool-renamed': ['breaking web_search: tool renamed from search'],
  'tool-added': ['compatible rm: tool added (needs approval)'],
  'parameter-removed-renamed': [
    "breaking f: parameter 'city' renamed to 'location' (same schema)",
    "breaking f: parameter 'units' removed",
  ],
  'new-required': ["breaking f: new required parameter 'lang'", "compatible f: new optional parameter 'limit'"],
  narrowed: [
    `breaking f: parameter 'n' type "number" → "integer"`,
    `breaking f: parameter 'mode' enum narrowed: "c" removed`,
    `breaking f: parameter 'id' type ["string","number"] → "string"`,
    "breaking f: parameter 'tags[]' maxLength 50 → 20",
  ],
  widened: [
    'compatible f: description changed',
    "compatible f: new optional parameter 'page'",
    `compatible f: parameter 'n' type "integer" → "number"`,
    "compatible f: parameter 'mode' enum widened",
    "compatible f: parameter 'q' is now optional",
  ],
  'approval-dropped': [
    'compatible ls: approval: never → always',
    'security mv: approval dropped (decided at run time → never)',
    'security pay: approval: always → decided at run time',
    'security rm: approval dropped (always → never)',
  ],
  annotations: [
    'security read: annotation destructiveHint: unset → true',
    'security read: annotation readOnlyHint: true → false',
    'compatible read: annotation title: "Read" → "Read file"',
    'security web: annotation openWorldHint: false → true',
  ],
  'not-static': [
    'compatible y: parameters not static in HEAD: not compared',
    'compatible z: parameters not static in HEAD: not compared',
  ],
  unchanged: [],
}

describe('toolreg diff over fixture manifests', () => {
  it('has a case for every fixture folder', () => {
    expect(readdirSync(fixtures).sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  it.each(Object.entries(EXPECTED))('%s', async (name, expected) => {
    const args = ['diff', `${name}/base.json`, `${name}/head.json`]
    const text = await run(args)
    const lines = text.stdout.split('\n').filter(l => /^(breaking|security|compatible) /.test(l))
    expect(lines.map(l => l.replace(/ +/, ' ').replace(/ \(tools\/[^)]*\)$/, ''))).toEqual(expected)
    expect(text.code).toBe(0) // without --fail-on
    const breaking = expected.some(l => !l.startsWith('compatible'))
    expect((await run([...args, '--fail-on', 'breaking'])).code).toBe(breaking ? 1 : 0)
    expect((await run([...args, '--fail-on', 'any'])).code).toBe(expected.length > 0 ? 1 : 0)
    const markdown = await run([...args, '--format', 'markdown'])
    await expect(markdown.stdout).toMatchFileSnapshot(`fixtures/diff/${name}/expected.md`)
    const github = (await run([...args, '--format', 'github'])).stdout.split('\n').filter(Boolean)
    expect(github).toHaveLength(expected.length)
    for (const line of github)
      expect(line).toMatch(/^::(error|warning|notice) file=tools\/[^,]+,line=\d+,col=\d+,title=toolreg diff%3A \w+::/)
  })

  it('bad usage and unreadable manifests exit 2', async () => {
    expect((await run(['diff', 'tool-added/base.json'])).code).toBe(2)
    expect((await run(['diff', 'a', 'b', '--format', 'xml'])).code).toBe(2)
    expect((await run(['diff', 'tool-added/base.json', 'tool-added/head.json', '--fail-on', 'some'])).code).toBe(2)
    const missing = await run(['diff', 'tool-added/base.json', 'nope.json'])
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringMatching(/^toolreg: nope\.json: /) })
    const notManifest = await run(['diff', 'tool-added/base.json', '../../../package.json'])
    expect(notManifest.stderr).toMatch(/not a toolreg manifest/)
    expect((await run(['check', '--definitions'])).code).toBe(2)
  })
})

describe('toolreg diff in a git history', () => {
  const repo = mkdtempSync(join(tmpdir(), 'toolreg-diff-'))
  afterAll(() => rmSync(repo, { recursive: true, force: true }))
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: repo,
      encoding: 'utf8',
    })
  const write = (file: string, text: string) => {
    mkdirSync(join(repo, 'tools'), { recursive: true })
    writeFileSync(join(repo, file), `import { registry } from '@toolreg/core'\n${text}`)
  }

  it('two commits: manifest --definitions at each, diff of the two, as a pull-request check would', async () => {
    git('init', '-q', '-b', 'main')
    write(
      'tools/fs.ts',
      `registry.register({ name: 'delete_file', toolset: 'fs', schema: { description: 'Delete a file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }, needsApproval: true, annotations: { destructiveHint: true }, handler: () => '' })\n`,
    )
    write(
      'tools/web.ts',
      `registry.register({ name: 'search', toolset: 'web', schema: { parameters: { type: 'object', properties: { q: { type: 'string' } } } }, handler: () => '' })\n`,
    )
    git('add', '.')
    git('commit', '-q', '-m', 'base')
    expect((await run(['manifest', '--definitions', '--out', 'base.json'], repo)).code).toBe(0)

    git('checkout', '-q', '-b', 'feature')
    write(
      'tools/fs.ts',
      `registry.register({ name: 'delete_file', toolset: 'fs', schema: { description: 'Delete a file', parameters: { type: 'object', properties: { path: { type: 'string' }, force: { type: 'boolean' } }, required: ['path', 'force'] } }, annotations: { destructiveHint: true }, handler: () => '' })\n`,
    )
    write(
      'tools/web.ts',
      `registry.register({ name: 'web_search', toolset: 'web', schema: { parameters: { type: 'object', properties: { q: { type: 'string' } } } }, handler: () => '' })\n`,
    )
    git('commit', '-q', '-am', 'head')
    expect((await run(['manifest', '--definitions', '--out', 'head.json'], repo)).code).toBe(0)

    const diff = await run(['diff', 'base.json', 'head.json', '--format', 'markdown', '--fail-on', 'breaking'], repo)
    expect(diff.code).toBe(1)
    expect(diff.stdout).toBe(`### Tool surface changes

1 security, 2 breaking (tools: 1 renamed)

| | tool | change | where |
|---|---|---|---|
| **security** | \`delete_file\` | approval dropped (always → never) | \`tools/fs.ts:2:1\` |
| **breaking** | \`delete_file\` | new required parameter \`force\` | \`tools/fs.ts:2:1\` |
| **breaking** | \`web_search\` | tool renamed from \`search\` | \`tools/web.ts:2:1\` |
`)
  }, 60_000)
})
