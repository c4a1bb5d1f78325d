import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { zodWithoutEval } from './vite.config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: [zodWithoutEval] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Journeys through whole screens (antd in jsdom) take a few seconds each, many more on a busy machine.
    testTimeout: 60_000,
  },
});
