import { registry, toolResult } from '@toolreg/core'

registry.register({
  name: 'current_url',
  toolset: 'page',
  emoji: '🔗',
  schema: {
    description:
      'The address of the page the agent runs in (without its query string and fragment, which may hold secrets).',
    parameters: { type: 'object', properties: {} },
  },
  handler: () =>
    toolResult({ url: location.origin + location.pathname, origin: location.origin, path: location.pathname }),
})
