// A plain Vite app; the toolreg plugin registers everything in tools/ at build
// time. `vite preview` and `vite` send the same CSP header the tests use.
import { defineConfig } from 'vite'
import toolRegistry from '@toolreg/plugin/vite'
import { CONTENT_SECURITY_POLICY } from './csp.ts'

export default defineConfig({
  plugins: [toolRegistry()],
  build: { outDir: 'dist', target: 'es2022' },
  preview: { headers: { 'content-security-policy': CONTENT_SECURITY_POLICY } },
})
