// A small catalogue for the tool-surface tests: one always-loaded tool and deferred ones in
// two toolsets, registered in any order.
import { ToolRegistry, type ToolSpec } from '@toolreg/core'
import { validator } from '@toolreg/core/validate'

const tool = (name: string, toolset: string, description: string, param: string, defer?: boolean): ToolSpec => ({
  name,
  toolset,
  defer,
  schema: {
    description,
    parameters: {
      type: 'object',
      properties: { [param]: { type: 'string', description: `The ${param}` } },
      required: [param],
    },
  },
  handler: async args => `${name}(${JSON.stringify(args)})`,
})

export const CATALOGUE: readonly ToolSpec[] = [
  tool('get_time', 'clock', 'Current time in a time zone', 'zone'),
  tool('refund_payment', 'billing', 'Refund a Stripe payment by its id', 'payment_id'),
  tool('charge_card', 'billing', 'Charge a customer card an amount', 'customer'),
  tool('create_issue', 'github', 'Open a GitHub issue in a repository', 'title'),
  tool('list_issues', 'github', 'List the open GitHub issues of a repository', 'repo'),
  tool('send_email', 'mail', 'Send an email message to a recipient', 'to', true),
]

/** A registry holding the catalogue, registered in `order` (indexes into it; default as listed). */
export function catalogue(order: readonly number[] = CATALOGUE.map((_, i) => i)): ToolRegistry {
  const registry = new ToolRegistry({ validator })
  for (const i of order) registry.register(CATALOGUE[i]!)
  return registry
}
