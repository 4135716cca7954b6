// What every Rspack build of the tests shares: TypeScript through Rspack's built-in SWC loader.
export const rspackTypeScript = {
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript' } } },
        type: 'javascript/auto' as const,
      },
    ],
  },
}
