import { registry, toolError, toolResult } from '@toolreg/core'
import { z } from 'zod'
import { convertUnits, UnitError } from '../src/lib/units.ts'

// A typed tool: the zod schema is sent to the model as JSON Schema, checked before the
// handler runs, and types `value`, `from` and `to` below.
registry.register({
  name: 'convert_units',
  toolset: 'math',
  emoji: '📏',
  schema: {
    description: 'Convert a quantity between units of length, mass, time, volume, speed, data size or temperature.',
    parameters: z.object({
      value: z.number().describe('The quantity, a number.'),
      from: z.string().min(1).describe('Unit symbol or name, e.g. km, mi, lb, °F, MiB.'),
      to: z.string().min(1),
    }),
  },
  handler({ value, from, to }) {
    try {
      return toolResult(convertUnits(value, from, to))
    } catch (error) {
      if (error instanceof UnitError) return toolError(error.message)
      throw error
    }
  },
})
