// The many-tools mode of the browser example: `vite build --config vite.many.config.ts`.
// Hundreds of generated tools (TOOLREG_MANY_TOOLS, default 300) are registered by their
// static definitions (`lazy`); each handler is its own chunk, loaded on the first call.
// The model is offered find_tools and the hand-written tools, plus whatever it found.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import toolRegistry from '@toolreg/plugin/vite'
import { CONTENT_SECURITY_POLICY } from './csp.ts'
import { generateManyTools } from './many/generate.ts'

const count = Number(process.env.TOOLREG_MANY_TOOLS ?? 300)
generateManyTools(fileURLToPath(new URL('./many-tools', import.meta.url)), count)

export default defineConfig({
  mode: 'many',
  plugins: [toolRegistry({ dirs: ['tools', 'many-tools'], lazy: 'many-tools/*.ts', dts: false })],
  build: { outDir: 'dist-many', target: 'es2022' },
  preview: { headers: { 'content-security-policy': CONTENT_SECURITY_POLICY } },
})
