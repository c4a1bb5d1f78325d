import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    // scripts/size-report.mjs reads the manifest to check what each public route downloads first.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/sandbox': API_ORIGIN,
    },
  },
});
