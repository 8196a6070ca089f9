import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { chunkGroups } from './scripts/vite-chunk-groups.js';

const api = process.env.TEAMLENS_API ?? 'http://127.0.0.1:3000';
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const chunks = chunkGroups();

export default defineConfig({
  root: 'client',
  plugins: [
    // Before react(): generates client/routeTree.gen.ts (committed) and splits each route's component into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its component (one chunk per route): loaders import the
      // feature's API module, which would otherwise all land in the entry every page loads.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: here('./client/routes'),
      generatedRouteTree: here('./client/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    chunks.plugin,
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // One file for the entry's imports, one for the signed-in shell (scripts/vite-chunk-groups.ts).
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  server: {
    proxy: {
      '/api': api,
      '/graphql': { target: api, ws: true },
    },
  },
});
