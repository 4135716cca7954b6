'use strict'
// CommonJS entry of `@toolreg/plugin/webpack` (see callable.cjs).
module.exports = require('./callable.cjs')(require('../dist/webpack.js'))
