// A second team's tool, written without knowing weather.ts exists: same name,
// another toolset. At run time the registry would reject one of them (SPEC §2.2
// row 4) depending on import order; the build plugin refuses the build instead.
import { registry, toolResult } from '@toolreg/core'

registry.register({
  name: 'get_weather',
  toolset: 'forecast',
  schema: {
    description: 'Three-day forecast for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  handler: ({ city }) => toolResult({ city, days: ['sun', 'rain', 'sun'] }),
})
