import { registry, toolError, toolResult } from '@toolreg/core'
import type { EdgeEnv } from '../src/bindings.ts'
import { openStore, storeAvailable } from '../src/lib/store.ts'

registry.register({
  name: 'kv_get',
  toolset: 'store',
  emoji: '🗝️',
  checkFn: storeAvailable,
  schema: {
    description: 'Read a value saved earlier with kv_set.',
    parameters: {
      type: 'object',
      properties: { key: { type: 'string' } },
      required: ['key'],
    },
  },
  async handler(args, ctx) {
    const store = openStore(ctx.bindings as EdgeEnv | undefined)
    if (!store) return toolError('No key-value store is configured')
    const key = String(args.key ?? '')
    const value = await store.get(key)
    return toolResult({ key, found: value !== null, value })
  },
})
