import { registry, toolResult } from '@toolreg/core'
import { KEY_PREFIX, storageAvailable } from '../src/storage.ts'

registry.register({
  name: 'local_storage_get',
  toolset: 'storage',
  emoji: '🗝️',
  checkFn: storageAvailable,
  schema: {
    description: 'Read a value saved earlier with local_storage_set.',
    parameters: {
      type: 'object',
      properties: { key: { type: 'string' } },
      required: ['key'],
    },
  },
  outputSchema: {
    type: 'object',
    properties: { key: { type: 'string' }, found: { type: 'boolean' }, value: { type: ['string', 'null'] } },
    required: ['key', 'found', 'value'],
  },
  handler(args) {
    const key = String(args.key ?? '')
    const value = localStorage.getItem(KEY_PREFIX + key)
    return toolResult({ key, found: value !== null, value })
  },
})
