export { default } from './bundlers/nuxt.js'
