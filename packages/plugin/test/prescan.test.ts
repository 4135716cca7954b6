// A build's first scan starts before the bundler asks for it (Vite's `config` hook): its file
// reads, stats and disk-cache load overlap Vite's own start-up, and the first `scan()` takes
// it. Whatever the early scan could get wrong (a root named later, options that do not
// resolve) must end as if it never started.
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { resolveConfig } from 'vite'
import toolRegistry from '@toolreg/plugin/vite'
import { createToolRegistryContext } from '../src/bundlers/context.js'
import { cleanupTemps, copyFixture } from './helpers.js'

afterAll(cleanupTemps)

describe('prescan', () => {
  it('the first scan() is the early scan, the next one scans again', async () => {
    const root = await copyFixture('build-app')
    const ctx = createToolRegistryContext({ dts: false })
    ctx.prescan(root)
    const early = await ctx.currentScan()
    const first = await ctx.scan()
    expect(first).toBe(early)
    expect(first.toolNames.length).toBeGreaterThan(0)
    const second = await ctx.scan()
    expect(second).not.toBe(first)
    expect(second.toolNames).toEqual(first.toolNames)
  })

  it('a root named afterwards drops the early scan', async () => {
    const a = await copyFixture('build-app')
    const b = await copyFixture('build-collision')
    const ctx = createToolRegistryContext({ dts: false })
    ctx.prescan(a)
    ctx.setBundlerRoot(b)
    const result = await ctx.scan()
    expect(result.options.root).toBe(b)
    expect(result.files.map(f => f.file).sort()).toEqual(['tools/docs.ts', 'tools/search.ts'])
  })

  it('options that do not resolve start nothing: the first scan() reports them', async () => {
    const root = await copyFixture('build-app')
    await writeFile(path.join(root, 'toolreg.config.json'), '{ "dirs": 5 }')
    const ctx = createToolRegistryContext({ dts: false })
    expect(() => ctx.prescan(root)).not.toThrow()
    await expect(async () => ctx.scan()).rejects.toThrow(/dirs/)
  })

  it('a failing early scan that is dropped is no unhandled rejection', async () => {
    // A directory where the `.d.ts` goes: writing it fails the scan.
    const failing = await copyFixture('build-app')
    await mkdir(path.join(failing, 'tool-registry.d.ts'))
    await expect(createToolRegistryContext({ root: failing }).scan()).rejects.toThrow(/EISDIR/)
    const ctx = createToolRegistryContext()
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      ctx.prescan(failing)
      ctx.setBundlerRoot(await copyFixture('build-app'))
      expect((await ctx.scan()).toolNames.length).toBeGreaterThan(0)
      await new Promise(resolve => setTimeout(resolve, 100))
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
    expect(unhandled).toEqual([])
  })

  it("Vite's config hook starts the scan of a build, not of the dev server", async () => {
    const root = await copyFixture('build-app')
    const dts = path.join(root, 'tool-registry.d.ts')
    // Config resolution alone, no build: only the early scan can write the `.d.ts`.
    await resolveConfig({ root, configFile: false, logLevel: 'silent', plugins: [toolRegistry()] }, 'build')
    await expect.poll(() => existsSync(dts), { timeout: 10_000 }).toBe(true)

    const served = await copyFixture('build-app')
    await resolveConfig({ root: served, configFile: false, logLevel: 'silent', plugins: [toolRegistry()] }, 'serve')
    // The dev server scans when it starts (a resolved config is no server yet).
    await new Promise(resolve => setTimeout(resolve, 200))
    expect(existsSync(path.join(served, 'tool-registry.d.ts'))).toBe(false)
  })
})
