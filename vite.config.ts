import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.TEAMLENS_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: { outDir: '../dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      '/api': api,
      '/graphql': { target: api, ws: true },
    },
  },
});
