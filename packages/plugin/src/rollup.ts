import { toolRegistry } from './unplugin.js'

export default toolRegistry.rollup
