// The dev session (docs/architecture.md, "Dev server") with fake file events over an
// in-memory file system and the real scanner: no Vite, no watcher, no timers but its own.
import { describe, expect, it } from 'vitest'
import {
  createDevSession,
  createMemoryFs,
  createScanner,
  reportScan,
  resolveOptions,
  type DevDecision,
} from './internal.js'

const ROOT = '/p'
const abs = (file: string) => `${ROOT}/${file}`

const tool = (name: string, toolset = 't', line2 = '') =>
  `import { registry } from '@toolreg/core'\n${line2}registry.register({ name: '${name}', toolset: '${toolset}', schema: {}, handler: () => '' })\n`

function setup(
  files: Record<string, string>,
  sleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms)),
) {
  const fs = createMemoryFs(Object.fromEntries(Object.entries(files).map(([f, c]) => [abs(f), c])))
  const sizes = new Map(Object.entries(files).map(([f, c]) => [abs(f), Buffer.byteLength(c)]))
  const scanner = createScanner(resolveOptions({ dts: false }, ROOT), fs, { cache: false })
  const scans: (string[] | 'full')[] = []
  const session = createDevSession({
    scan: hint => (scans.push(hint?.changed ? [...hint.changed] : 'full'), scanner.scan(hint)),
    invalidate: file => scanner.invalidate(file),
    errorsOf: reportScan,
    sizeOf: file => sizes.get(file) ?? -1,
    sleep,
  })
  const write = (file: string, content: string) => {
    fs.write(abs(file), content)
    sizes.set(abs(file), Buffer.byteLength(content))
  }
  const remove = (file: string) => {
    fs.remove(abs(file))
    sizes.delete(abs(file))
  }
  const start = async () => session.start(await scanner.scan())
  /** Report events for these root-relative files, as the watcher does. */
  const handle = (...names: string[]) => session.handle(names.map(abs))
  return { session, scans, write, remove, start, handle }
}

const update = (modules: string[], virtualModule: boolean): DevDecision => ({
  type: 'update',
  modules: modules.map(abs),
  virtualModule,
})
const NONE: DevDecision = { type: 'none' }

describe('dev session', () => {
  it('a save re-imports the tool module alone, rescanning only that file', async () => {
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('b') })
    expect(await s.start()).toEqual(NONE)
    s.write('tools/a.ts', tool('a') + '// edited\n')
    expect(await s.handle('tools/a.ts')).toEqual(update(['tools/a.ts'], false))
    expect(s.scans.at(-1)).toEqual([abs('tools/a.ts')])
  })

  it('a save that moves a tool or changes its toolset re-imports the virtual module too (its manifest)', async () => {
    const s = setup({ 'tools/a.ts': tool('a') })
    await s.start()
    s.write('tools/a.ts', tool('a', 't', '\n'))
    expect(await s.handle('tools/a.ts')).toEqual(update(['tools/a.ts'], true))
    s.write('tools/a.ts', tool('a', 'other', '\n'))
    expect(await s.handle('tools/a.ts')).toEqual(update(['tools/a.ts'], true))
  })

  it('a double save within 50 ms: each new text is applied once, the same text never twice', async () => {
    const s = setup({ 'tools/a.ts': tool('a') })
    await s.start()
    s.write('tools/a.ts', tool('a') + '// 1\n')
    const first = s.handle('tools/a.ts')
    s.write('tools/a.ts', tool('a') + '// 2\n')
    const second = s.handle('tools/a.ts')
    // The watcher reports the second write again (one save, two events).
    const third = s.handle('tools/a.ts')
    expect(await first).toEqual(update(['tools/a.ts'], false))
    expect(await second).toEqual(update(['tools/a.ts'], false))
    expect(await third).toEqual(update(['tools/a.ts'], false)) // joined the second run
    expect(await s.handle('tools/a.ts')).toEqual(NONE)
  })

  it('truncate, then write: the empty file is waited out, never taken for a removed tool module', async () => {
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('b') })
    await s.start()
    s.write('tools/a.ts', '')
    const decided = s.handle('tools/a.ts')
    setTimeout(() => s.write('tools/a.ts', tool('a2')), 20)
    expect(await decided).toEqual(update(['tools/a.ts'], true))
    // The write's own event: the same text, nothing more to send.
    expect(await s.handle('tools/a.ts')).toEqual(NONE)
  })

  it('truncate, then write: the write’s own event ends the wait, no poll timer needed', async () => {
    // A poll that never fires: only the file's next event can end the wait.
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('b') }, () => new Promise<void>(() => {}))
    await s.start()
    s.write('tools/a.ts', '')
    const decided = s.handle('tools/a.ts')
    await new Promise(resolve => setTimeout(resolve, 5))
    s.write('tools/a.ts', tool('a2'))
    const again = s.handle('tools/a.ts')
    const timeout = new Promise(resolve => setTimeout(() => resolve('still waiting'), 2000))
    expect(await Promise.race([decided, timeout])).toEqual(update(['tools/a.ts'], true))
    expect(await again).toEqual(NONE)
  })

  it('a file that stays empty is given up on; its content, when it comes, is reloaded under a new URL', async () => {
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('b') })
    await s.start()
    s.write('tools/a.ts', '')
    expect(await s.handle('tools/a.ts')).toEqual(update([], true))
    // Pruned from the page meanwhile: its old URL would not run again.
    s.write('tools/a.ts', tool('a'))
    expect(await s.handle('tools/a.ts')).toEqual(update(['tools/a.ts'], true))
  })

  it('a rename reported as add before unlink: one virtual module update, no collision', async () => {
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('b') })
    await s.start()
    s.remove('tools/a.ts')
    s.write('tools/c.ts', tool('a'))
    expect(await s.handle('tools/c.ts')).toEqual(update(['tools/c.ts'], true))
    expect(await s.handle('tools/a.ts')).toEqual(NONE)
    expect(s.session.overlay).toBeUndefined()
  })

  it('a delete re-imports the virtual module only (the deleted module would 404)', async () => {
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('b') })
    await s.start()
    s.remove('tools/a.ts')
    expect(await s.handle('tools/a.ts')).toEqual(update([], true))
    expect(s.scans.at(-1)).toBe('full')
  })

  it('a collision shows the overlay and withholds the update; the fix applies it and clears the overlay', async () => {
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('b') })
    await s.start()
    s.write('tools/b.ts', tool('a'))
    const error = await s.handle('tools/b.ts')
    expect(error).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/TR001[\s\S]*tools\/b\.ts|tools\/b\.ts[\s\S]*TR001/),
    })
    expect(s.session.overlay).toBe((error as { message: string }).message)
    s.write('tools/b.ts', tool('b2'))
    expect(await s.handle('tools/b.ts')).toEqual(update(['tools/b.ts'], true))
    expect(s.session.overlay).toBeUndefined()
  })

  it('a syntax error is withheld, other saves meanwhile too; the fix applies them all', async () => {
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('b') })
    await s.start()
    s.write('tools/a.ts', "import { registry } from '@toolreg/core'\nregistry.register({ name: 'a',,, })\n")
    expect(await s.handle('tools/a.ts')).toMatchObject({ type: 'error', message: expect.stringContaining('TR004') })
    s.write('tools/b.ts', tool('b') + '// edited while in error\n')
    expect(await s.handle('tools/b.ts')).toMatchObject({ type: 'error' })
    s.write('tools/a.ts', tool('a') + '// fixed\n')
    expect(await s.handle('tools/a.ts')).toEqual(update(['tools/a.ts', 'tools/b.ts'], true))
  })

  it('a page opened while in error is reloaded once when fixed, then updates go as usual', async () => {
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('a') })
    expect(await s.start()).toMatchObject({ type: 'error' })
    expect(s.session.overlay).toMatch(/TR001/)
    s.session.loadedInError()
    s.write('tools/b.ts', tool('b'))
    expect(await s.handle('tools/b.ts')).toEqual({ type: 'full-reload' })
    expect(s.session.overlay).toBeUndefined()
    s.write('tools/b.ts', tool('b') + '// again\n')
    expect(await s.handle('tools/b.ts')).toEqual(update(['tools/b.ts'], false))
  })

  it('a page that loads the virtual module while in error gets the last good scan, and the fix updates it without a reload', async () => {
    // Regression (stress run): a new tab, or the fetch of an update that a colliding save
    // overtook, loaded the virtual module while in error; it failed, the page had no
    // registry until the fix reloaded it.
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('b') })
    await s.start()
    s.write('tools/b.ts', tool('b2'))
    expect(await s.handle('tools/b.ts')).toEqual(update(['tools/b.ts'], true))
    s.write('tools/dup.ts', tool('a'))
    expect(await s.handle('tools/dup.ts')).toMatchObject({ type: 'error', message: expect.stringMatching(/TR001/) })
    expect(s.session.page?.toolNames).toEqual(['a', 'b2'])
    expect(s.session.page?.diagnostics).toEqual([])
    s.remove('tools/dup.ts')
    expect(await s.handle('tools/dup.ts')).toEqual(update([], true))
    expect(s.session.page?.toolNames).toEqual(['a', 'b2'])
    expect(s.session.overlay).toBeUndefined()
  })

  it('before any good scan there is no page scan: the load fails and the fix reloads', async () => {
    const s = setup({ 'tools/a.ts': tool('a'), 'tools/b.ts': tool('a') })
    await s.start()
    expect(s.session.page).toBeUndefined()
    s.write('tools/b.ts', tool('b'))
    s.session.loadedInError()
    expect(await s.handle('tools/b.ts')).toEqual({ type: 'full-reload' })
    expect(s.session.page?.toolNames).toEqual(['a', 'b'])
  })

  it('an added tool module comes with the virtual module; a file that is no tool module changes nothing', async () => {
    const s = setup({ 'tools/a.ts': tool('a') })
    await s.start()
    s.write('tools/new.ts', tool('n'))
    expect(await s.handle('tools/new.ts')).toEqual(update(['tools/new.ts'], true))
    s.write('tools/helpers.ts', 'export const x = 1\n')
    expect(await s.handle('tools/helpers.ts')).toEqual(NONE)
  })
})
