// `vite build` here must fail: tools/forecast.ts and tools/weather.ts both
// register `get_weather`, and the plugin reports TR001 naming both files.
import { defineConfig } from 'vite'
import toolRegistry from '@toolreg/plugin/vite'

export default defineConfig({
  plugins: [toolRegistry({ dts: false })],
  build: { ssr: 'src/main.ts', outDir: 'dist' },
})
