import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { contractPureFunctions } from './build/pureContracts.ts';
import { appVersion, versionFile } from './build/version.ts';

const rootDir = fileURLToPath(new URL('../..', import.meta.url));
const version = appVersion(rootDir);
const server = 'http://localhost:3000';

/**
 * Vendor groups, each cached on its own. The UI library is split in two: what the login page needs
 * (`$initial`, statically imported from the entry) and the rest, which stays in the screens' lazy chunks.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
  { name: 'router', test: /node_modules[\\/](react-router|@tanstack)[\\/]/, priority: 30 },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|dayjs)[\\/]/,
    priority: 30,
  },
  // The report charts: the drawing library and the chart library, each its own chunk, loaded by report screens only.
  { name: 'zrender', test: /node_modules[\\/](zrender|tslib)[\\/]/, priority: 30 },
  { name: 'echarts', test: /node_modules[\\/]echarts[\\/]/, priority: 30 },
  {
    name: 'antd-base',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|@emotion|@babel|stylis|throttle-debounce|is-mobile|react-is|clsx|compute-scroll-into-view|scroll-into-view-if-needed)[\\/]/,
    tags: ['$initial' as const],
    priority: 20,
  },
  // The report charts' library, in two chunks every report screen shares, each within the chunk budget.
  { name: 'zrender', test: /node_modules[\\/]zrender[\\/]/, priority: 30 },
  { name: 'echarts', test: /node_modules[\\/]echarts[\\/]/, priority: 30 },
];

export default defineConfig({
  plugins: [react(), versionFile(version), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: 5173,
    proxy: { '/api': server, '/Content': server, '/healthz': server },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks the page loads before the login renders (`npm run bench`).
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Contract modules and the libraries behind them have no side effects on import, and building a schema is
      // pure: unused schemas, zod and decimal.js stay out of the chunks that do not use them.
      treeshake: {
        moduleSideEffects: [
          { test: /packages[\\/]contracts[\\/]src|node_modules[\\/](zod|decimal\.js)[\\/]/, sideEffects: false },
        ],
        manualPureFunctions: contractPureFunctions(
          fileURLToPath(new URL('../../packages/contracts/src', import.meta.url)),
        ),
      },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
