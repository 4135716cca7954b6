// `toolreg generate` and `withToolreg({ out })` on disk (README "toolreg generate", "Next.js"):
// specifiers Node reads as the right file, an output that never replaces a tool file, and
// `generate --check` / `check` seeing a stale generated file. Projects live under the repo's
// git-ignored test/.tmp, so `@toolreg/core` resolves from the root node_modules.
import { execFile } from 'node:child_process'
import { mkdir, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../src/cli/main.js'
import { withToolreg } from '../src/bundlers/next.js'
import { createGeneratedFile } from '../src/dev/generated-file.js'
import { resolveProjectOptions } from '../src/options/config.js'
import { cleanupTemps, repoRoot, tempDir } from './helpers.js'

afterAll(cleanupTemps)

async function run(argv: string[], cwd: string) {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { stdout: t => void (stdout += t), stderr: t => void (stderr += t), cwd })
  return { code, stdout, stderr }
}

const tool = (name: string, said: string) =>
  `import { registry } from '@toolreg/core'\nregistry.register({ name: '${name}', toolset: 't', schema: {}, handler: () => ${JSON.stringify(said)} })\n`

/** A project with `tools/<file>` for each entry (file name → tool name), `.mjs` tools. */
async function project(tools: Record<string, string>): Promise<string> {
  const dir = await tempDir('generate-out-', path.join(repoRoot, 'test/.tmp'))
  await mkdir(path.join(dir, 'tools'), { recursive: true })
  await writeFile(path.join(dir, 'toolreg.config.json'), JSON.stringify({ include: ['*.mjs'], dts: false }))
  for (const [file, name] of Object.entries(tools)) await writeFile(path.join(dir, 'tools', file), tool(name, file))
  return dir
}

/** What each tool of the registry at `registryFile` answers, run by Node. */
async function answers(dir: string, registryFile: string, names: string[]): Promise<unknown> {
  const spec = `./${path.relative(dir, registryFile).split(path.sep).map(encodeURIComponent).join('/')}`
  await writeFile(
    path.join(dir, 'main.mjs'),
    `import { registry } from ${JSON.stringify(spec)}\nconst out = {}\nfor (const n of ${JSON.stringify(names)}) out[n] = await registry.dispatch(n, {})\nconsole.log(JSON.stringify(out))\n`,
  )
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, 'main.mjs')], { cwd: dir })
  return JSON.parse(stdout)
}

describe('relative specifiers Node reads as the right file', () => {
  // A decoy is what Node would import for the name written raw: `percent%20` is `percent `.
  const ODD: Record<string, string> = {
    'percent%20.mjs': 'percent_encoded',
    'percent .mjs': 'percent_decoy',
    'a b.mjs': 'space',
    'h#1.mjs': 'hash',
    'h.mjs': 'hash_decoy',
    'q?1.mjs': 'query',
    'q.mjs': 'query_decoy',
    't\tb.mjs': 'tab',
    'tb.mjs': 'tab_decoy',
    'ü漢.mjs': 'non_ascii',
  }

  it('every odd file name imports its own file under Node, also from an odd out path (trust #7)', async () => {
    const dir = await project(ODD)
    const out = path.join(dir, 'gen #1', 'reg %41#?.gen.mjs')
    const r = await run(['generate', '--out', out], dir)
    expect(r.stderr).not.toContain('error')
    expect(r.code).toBe(0)
    const text = await readFile(out, 'utf8')
    expect(text).toContain('"../tools/percent%2520.mjs"')
    expect(text).toContain('"../tools/h%231.mjs"')
    expect(text).toContain('"./reg %2541%23%3F.gen.sources.mjs"')
    const expected = Object.fromEntries(Object.entries(ODD).map(([file, name]) => [name, file]))
    expect(await answers(dir, out, Object.values(ODD))).toEqual(expected)
  })

  it('a "\\" in a tool file name, which Node cannot import: exit 1, one line naming it, nothing written (trust #7)', async () => {
    const dir = await project({ 'ok.mjs': 'ok', 'back\\slash.mjs': 'backslash' })
    const r = await run(['generate', '--out', 'registry.gen.mjs'], dir)
    expect(r.code).toBe(1)
    const line = r.stderr.split('\n').find(l => l.includes('not written'))
    expect(line).toContain('Node cannot import tools/back\\slash.mjs')
    expect(line).toContain('rename the file')
    expect(await readdir(dir)).not.toContain('registry.gen.mjs')
  })

  it('a "\\" in the out file name is refused with exit 2 (trust #7)', async () => {
    const dir = await project({ 'ok.mjs': 'ok' })
    const r = await run(['generate', '--out', 'reg\\istry.gen.mjs'], dir)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('refusing to write reg\\istry.gen.mjs')
    expect((await readdir(dir)).filter(f => f.includes('gen'))).toEqual([])
  })
})

describe('the output never replaces a tool file', () => {
  const WEATHER = tool('weather', 'sunny')

  it('generate --out a tool file, or any file in a tool dir: exit 2 naming the path, the tool file intact (trust #8)', async () => {
    const dir = await project({ 'weather.mjs': 'weather' })
    await writeFile(path.join(dir, 'tools/weather.mjs'), WEATHER)
    for (const out of ['tools/weather.mjs', 'tools/new.gen.mjs', 'tools/sub/x.mjs', './tools/../tools/weather.mjs']) {
      const r = await run(['generate', '--out', out], dir)
      expect(r.code, out).toBe(2)
      expect(r.stderr, out).toContain(`refusing to write ${path.resolve(dir, out)}`)
      expect(r.stderr, out).toContain('inside the tool dir tools')
      expect(r.stderr.trimEnd().split('\n'), out).toHaveLength(1)
    }
    expect(await readFile(path.join(dir, 'tools/weather.mjs'), 'utf8')).toBe(WEATHER)
    expect((await readdir(path.join(dir, 'tools'))).sort()).toEqual(['weather.mjs'])
  })

  it('the real file behind a symlinked tool, or a symlinked tool dir: exit 2, intact (trust #8)', async () => {
    const dir = await project({})
    await mkdir(path.join(dir, 'shared'))
    await writeFile(path.join(dir, 'shared/weather.mjs'), WEATHER)
    await symlink(path.join(dir, 'shared/weather.mjs'), path.join(dir, 'tools/weather.mjs'))
    await symlink(path.join(dir, 'tools'), path.join(dir, 'tools-link'))
    for (const [out, why] of [
      ['shared/weather.mjs', 'is a tool file'],
      ['tools-link/gen.mjs', 'inside the tool dir tools'],
    ]) {
      const r = await run(['generate', '--out', out!], dir)
      expect(r.code, out).toBe(2)
      expect(r.stderr, out).toContain(why)
    }
    expect(await readFile(path.join(dir, 'shared/weather.mjs'), 'utf8')).toBe(WEATHER)
  })

  it('withToolreg({ out }) into a tool dir throws with the path, nothing written (trust #8)', async () => {
    const dir = await project({ 'weather.mjs': 'weather' })
    await writeFile(path.join(dir, 'tools/weather.mjs'), WEATHER)
    const before = process.env.TURBOPACK
    process.env.TURBOPACK = '1'
    try {
      const config = withToolreg({}, { root: dir, out: 'tools/weather.mjs' })
      await expect(config('phase-production-build', { defaultConfig: {} })).rejects.toThrow(
        `refusing to write ${path.join(dir, 'tools/weather.mjs')} (option \`out\`): it is inside the tool dir tools`,
      )
    } finally {
      if (before === undefined) delete process.env.TURBOPACK
      else process.env.TURBOPACK = before
    }
    expect(await readFile(path.join(dir, 'tools/weather.mjs'), 'utf8')).toBe(WEATHER)
    expect((await readdir(path.join(dir, 'tools'))).sort()).toEqual(['weather.mjs'])
  })

  it('an output beside the tool dir is written as before', async () => {
    const dir = await project({ 'weather.mjs': 'weather' })
    const r = await run(['generate', '--out', 'tools-gen/registry.gen.mjs'], dir)
    expect(r.code).toBe(0)
    expect(await answers(dir, path.join(dir, 'tools-gen/registry.gen.mjs'), ['weather'])).toEqual({
      weather: 'weather.mjs',
    })
  })
})

describe('a stale generated file is reported', () => {
  it('generate --check: 0 when current, 1 and one line naming the file when it would change or is missing; writes nothing (trust #19)', async () => {
    const dir = await project({ 'a.mjs': 'a' })
    expect((await run(['generate'], dir)).code).toBe(0)
    const gen = path.join(dir, 'tool-registry.gen.ts')
    const current = await run(['generate', '--check'], dir)
    expect(current).toEqual({ code: 0, stdout: 'tool-registry.gen.ts is up to date (1 tools)\n', stderr: '' })

    await writeFile(path.join(dir, 'tools/b.mjs'), tool('b', 'b.mjs'))
    const before = await readFile(gen, 'utf8')
    const mtime = (await stat(gen)).mtimeMs
    const stale = await run(['generate', '--check'], dir)
    expect(stale.code).toBe(1)
    expect(stale.stdout).toBe('')
    expect(stale.stderr).toBe(
      'toolreg: generate: tool-registry.gen.ts is out of date with the tool files: run `toolreg generate` and commit it\n',
    )
    expect(await readFile(gen, 'utf8')).toBe(before)
    expect((await stat(gen)).mtimeMs).toBe(mtime)

    // A stale companion counts too.
    expect((await run(['generate'], dir)).code).toBe(0)
    await writeFile(path.join(dir, 'tool-registry.gen.sources.ts'), '// edited\n')
    expect((await run(['generate', '--check'], dir)).stderr).toContain('tool-registry.gen.sources.ts is out of date')

    await rm(gen)
    const missing = await run(['generate', '--check'], dir)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe(
      'toolreg: generate: tool-registry.gen.ts is missing: run `toolreg generate` (and commit it)\n',
    )
    expect(await readdir(dir)).not.toContain('tool-registry.gen.ts')
    expect((await run(['generate', '--check', '--watch'], dir)).code).toBe(2)
  })

  it('toolreg check warns about a stale tool-registry.gen.ts, and about the file --generated names (trust #19)', async () => {
    const dir = await project({ 'a.mjs': 'a' })
    // No generated file: nothing to say.
    expect(await run(['check'], dir)).toMatchObject({ code: 0, stderr: '' })
    expect((await run(['generate'], dir)).code).toBe(0)
    expect(await run(['check'], dir)).toMatchObject({ code: 0, stderr: '' })
    await writeFile(path.join(dir, 'tools/b.mjs'), tool('b', 'b.mjs'))
    const text = await run(['check'], dir)
    expect(text.code).toBe(0)
    expect(text.stderr).toBe(
      'toolreg: warning: tool-registry.gen.ts is out of date with the tool files: run `toolreg generate` and commit it\n',
    )
    const github = await run(['check', '--format', 'github'], dir)
    expect(github.stdout).toContain(
      '::warning file=tool-registry.gen.ts,title=toolreg generate::tool-registry.gen.ts is out of date',
    )

    expect((await run(['generate', '--out', 'src/registry.gen.mjs'], dir)).code).toBe(0)
    expect(await run(['check', '--generated', 'src/registry.gen.mjs'], dir)).toMatchObject({ code: 0 })
    await writeFile(path.join(dir, 'tools/c.mjs'), tool('c', 'c.mjs'))
    expect((await run(['check', '--generated', 'src/registry.gen.mjs'], dir)).stderr).toContain(
      'toolreg: warning: src/registry.gen.mjs is out of date with the tool files',
    )
    expect((await run(['check', '--generated', 'src/none.gen.mjs'], dir)).stderr).toContain(
      'src/none.gen.mjs is missing',
    )
    expect((await run(['list', '--generated', 'x.ts'], dir)).code).toBe(2)
  })

  it('the file withToolreg writes for next dev (with its prune code) counts as current', async () => {
    const dir = await project({ 'a.mjs': 'a' })
    const quiet = { stdout: () => {}, stderr: () => {} }
    const file = createGeneratedFile(resolveProjectOptions({ root: dir }), {
      out: path.join(dir, 'tool-registry.gen.ts'),
      format: 'text',
      io: quiet,
      write: async (f, content) => void (await writeFile(f, content)),
      prune: true,
      label: { error: '', info: '' },
    })
    expect((await file.update()).code).toBe(0)
    expect(await readFile(path.join(dir, 'tool-registry.gen.ts'), 'utf8')).toContain('generated tool-registry.gen.ts')
    expect((await run(['generate', '--check'], dir)).code).toBe(0)
    expect(await run(['check'], dir)).toMatchObject({ code: 0, stderr: '' })
  })
})
