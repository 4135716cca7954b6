import { toolNames } from 'virtual:tool-registry'

console.log(toolNames)
