import { registry, toolResult } from '@toolreg/core'

registry.register({
  name: 'page_title',
  toolset: 'page',
  emoji: '🏷️',
  schema: {
    description: 'The title of the page the agent runs in.',
    parameters: { type: 'object', properties: {} },
  },
  outputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
  handler: () => toolResult({ title: document.title }),
})
