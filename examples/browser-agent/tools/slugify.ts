import { registry, toolResult } from '@toolreg/core'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'

// A typed tool with valibot: toStandardJsonSchema lets the registry turn the schema into
// JSON Schema for the model; the registry checks the arguments before the handler runs.
registry.register({
  name: 'slugify',
  toolset: 'text',
  emoji: '🔤',
  schema: {
    description: 'Turn a title into a URL slug: lower case, accents removed, words joined by dashes.',
    parameters: toStandardJsonSchema(v.object({ text: v.pipe(v.string(), v.minLength(1), v.maxLength(500)) })),
  },
  outputSchema: toStandardJsonSchema(v.object({ slug: v.string() })),
  handler({ text }) {
    const slug = text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
    return toolResult({ slug })
  },
})
