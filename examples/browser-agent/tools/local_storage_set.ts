import { registry, toolError, toolResult } from '@toolreg/core'
import { KEY_PREFIX, storageAvailable } from '../src/storage.ts'

registry.register({
  name: 'local_storage_set',
  toolset: 'storage',
  emoji: '💾',
  checkFn: storageAvailable,
  schema: {
    description: "Save a text value in this browser's localStorage (survives reloads).",
    parameters: {
      type: 'object',
      properties: { key: { type: 'string', pattern: '^[\\w.-]{1,64}$' }, value: { type: 'string' } },
      required: ['key', 'value'],
    },
  },
  outputSchema: {
    type: 'object',
    properties: { key: { type: 'string' }, stored: { type: 'boolean' } },
    required: ['key', 'stored'],
  },
  handler(args) {
    const key = String(args.key ?? '')
    if (!/^[\w.-]{1,64}$/.test(key)) return toolError('key must be 1-64 letters, digits, dots, dashes or underscores')
    const value = typeof args.value === 'string' ? args.value : JSON.stringify(args.value ?? null)
    localStorage.setItem(KEY_PREFIX + key, value)
    return toolResult({ key, stored: true })
  },
})
