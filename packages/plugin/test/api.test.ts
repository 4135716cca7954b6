// The published root of @toolreg/plugin exports what the README's "API" documents, and
// nothing else: internals (test seams) stay behind test/internal.ts.
import { describe, expect, it } from 'vitest'
import * as api from '@toolreg/plugin'

describe('@toolreg/plugin root', () => {
  it('exports exactly the documented API', () => {
    expect(Object.keys(api).sort()).toEqual([
      'OptionError',
      'checkName',
      'createScanner',
      'defineConfig',
      'detectRegisterCalls',
      'formatDiagnostics',
      'formatToolTable',
      'generateCompanionModule',
      'generateDts',
      'generateManifest',
      'generateModule',
      'generateSearchIndexModule',
      'nameRules',
      'resolveOptions',
      'resolveProjectOptions',
      'scanTools',
    ])
  })
})
