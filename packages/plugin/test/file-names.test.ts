// The one rule of which tool file names each bundler imports exactly (src/scan/file-names.ts).
import { describe, expect, it } from 'vitest'
import { ODD_NAME, unimportableReason } from '../src/scan/file-names.js'

describe('file names a bundler can import', () => {
  it('Vite, Rollup, Rolldown and esbuild import every name', () => {
    for (const file of ['tools/a?b.ts', 'tools/a#b.ts', 'tools/a\\b.ts']) {
      expect(ODD_NAME.test(file)).toBe(true)
      expect(unimportableReason(file, 'path')).toBeUndefined()
    }
  })

  it('webpack cannot import a "?"; a "#" or "\\" it can', () => {
    expect(unimportableReason('tools/a?b.ts', 'webpack')).toContain('"?"')
    expect(unimportableReason('tools/a#b.ts', 'webpack')).toBeUndefined()
    expect(unimportableReason('tools/a\\b.ts', 'webpack')).toBeUndefined()
  })

  it('Rspack cannot import a "?" nor a "\\"', () => {
    expect(unimportableReason('tools/a?b.ts', 'rspack')).toContain('"?"')
    expect(unimportableReason('tools/a\\b.ts', 'rspack')).toContain('"\\"')
    expect(unimportableReason('tools/a#b.ts', 'rspack')).toBeUndefined()
  })

  it('an ordinary name is no odd name', () => {
    expect(ODD_NAME.test('tools/get_time.ts')).toBe(false)
  })
})
