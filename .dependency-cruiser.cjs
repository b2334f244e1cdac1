/**
 * Folder-level rules for the server's modules and flows (decision 051). ESLint's import-x/no-cycle
 * sees cycles between files; a circle between module folders can pass through different files
 * each way, so it is checked here with folder scope.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment: 'Modules and flows import each other in one direction only: a circle between folders is where the next change breaks.',
      scope: 'folder',
      from: { path: '^apps/server/src/(modules|flows)/[^/]+/?$' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$', '^apps/server/src/test/'] },
    tsPreCompilationDeps: false,
    
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
