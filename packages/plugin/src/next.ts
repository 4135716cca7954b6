export { withToolreg } from './bundlers/next.js'
