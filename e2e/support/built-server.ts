/**
 * The server the e2e suites run is the one that ships: the compiled server `npm run build` writes and
 * `npm run serve` runs (`npm run test:e2e` builds first), serving the build in E2E_DIST (default dist/).
 */
export function builtServerArgs(port: number): string[] {
  return [
    'dist/server-app/main.js',
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--outDir',
    process.env.E2E_DIST ?? 'dist',
  ];
}
