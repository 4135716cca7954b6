import { registry, toolResult } from '@toolreg/core'

registry.register({
  name: 'get_weather',
  toolset: 'weather',
  schema: {
    description: 'Current weather for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  handler: ({ city }) => toolResult({ city, sky: 'clear', celsius: 21 }),
})
