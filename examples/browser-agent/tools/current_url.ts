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
  // What the handler answers: in code mode (src/code-mode.ts) the code gets it as an object.
  outputSchema: {
    type: 'object',
    properties: { url: { type: 'string' }, origin: { type: 'string' }, path: { type: 'string' } },
    required: ['url', 'origin', 'path'],
  },
  handler: () =>
    toolResult({ url: location.origin + location.pathname, origin: location.origin, path: location.pathname }),
})
