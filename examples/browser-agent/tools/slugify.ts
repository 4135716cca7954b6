import { registry, toolResult } from '@toolreg/core'

registry.register({
  name: 'slugify',
  toolset: 'text',
  emoji: '🔤',
  schema: {
    description: 'Turn a title into a URL slug: lower case, accents removed, words joined by dashes.',
    parameters: {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    },
  },
  handler(args) {
    const slug = String(args.text ?? '')
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
    return toolResult({ slug })
  },
})
