// Which of the Vite plugin's hooks a command gets: a build has no transform hook at all (a
// filtered one still cost a call into JS per tool module), `vite serve` transforms each tool
// module for HMR. Resolved through Vite's public resolveConfig, as Vite itself does.
import { afterAll, describe, expect, it } from 'vitest'
import { resolveConfig } from 'vite'
import toolRegistry from '@toolreg/plugin/vite'
import { cleanupTemps, copyFixture } from './helpers.js'

afterAll(cleanupTemps)

const transformers = async (command: 'build' | 'serve'): Promise<string[]> => {
  const root = await copyFixture('build-app')
  const config = await resolveConfig(
    { root, configFile: false, logLevel: 'silent', plugins: [toolRegistry({ dts: false })] },
    command,
  )
  return config.plugins.filter(p => p.name.startsWith('toolreg') && p.transform).map(p => p.name)
}

describe('the Vite plugin per command', () => {
  it('a build gets no transform hook from toolreg', async () => {
    expect(await transformers('build')).toEqual([])
  })
  it('vite serve gets the tool-module transform', async () => {
    expect(await transformers('serve')).toEqual(['toolreg:dev-transform'])
  })
})
