import { registry, toolError, toolResult } from '@toolreg/core'
import { convertUnits, UnitError } from '../src/lib/units.ts'

registry.register({
  name: 'convert_units',
  toolset: 'math',
  emoji: '📏',
  schema: {
    description: 'Convert a quantity between units of length, mass, time, volume, speed, data size or temperature.',
    parameters: {
      type: 'object',
      properties: {
        value: { type: 'number' },
        from: { type: 'string', description: 'Unit symbol or name, e.g. km, mi, lb, °F, MiB.' },
        to: { type: 'string' },
      },
      required: ['value', 'from', 'to'],
    },
  },
  handler(args) {
    const value = typeof args.value === 'string' ? Number(args.value) : args.value
    if (typeof value !== 'number') return toolError('value must be a number')
    try {
      return toolResult(convertUnits(value, String(args.from ?? ''), String(args.to ?? '')))
    } catch (error) {
      if (error instanceof UnitError) return toolError(error.message)
      throw error
    }
  },
})
