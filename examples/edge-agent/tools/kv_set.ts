import { registry, toolError, toolResult } from '@toolreg/core'
import type { EdgeEnv } from '../src/bindings.ts'
import { openStore, storeAvailable } from '../src/lib/store.ts'

const MAX_VALUE_CHARS = 10_000

registry.register({
  name: 'kv_set',
  toolset: 'store',
  emoji: '💾',
  checkFn: storeAvailable,
  schema: {
    description: 'Save a short text value under a key, to read back later with kv_get.',
    parameters: {
      type: 'object',
      properties: {
        key: { type: 'string', description: 'Letters, digits, dot, dash, underscore; at most 128.' },
        value: { type: 'string' },
      },
      required: ['key', 'value'],
    },
  },
  async handler(args, ctx) {
    const store = openStore(ctx.bindings as EdgeEnv | undefined)
    if (!store) return toolError('No key-value store is configured')
    const key = String(args.key ?? '')
    if (!/^[\w.-]{1,128}$/.test(key)) return toolError('key must be 1-128 letters, digits, dots, dashes or underscores')
    const value = typeof args.value === 'string' ? args.value : JSON.stringify(args.value ?? null)
    if (value.length > MAX_VALUE_CHARS) return toolError(`value longer than ${MAX_VALUE_CHARS} characters`)
    await store.put(key, value)
    return toolResult({ key, stored: true })
  },
})
