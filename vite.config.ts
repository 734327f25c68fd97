import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { inlineEarlyFetch } from './server/build/inline-early-fetch.ts';
import { preloadRouteChunk } from './server/build/preload-route-chunk.ts';
import { creditscopeApi } from './server/proxy/plugin.ts';

export default defineConfig(({ mode }) => {
  // Unprefixed variables stay in Node: only the proxy reads them, nothing is exposed to the bundle.
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  return {
    plugins: [
      tanstackRouter({ target: 'react', autoCodeSplitting: true }),
      react(),
      tailwindcss(),
      creditscopeApi(env),
      inlineEarlyFetch(),
      preloadRouteChunk('/timeline', 'timeline'),
    ],
    envPrefix: 'CREDITSCOPE_PUBLIC_',
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173 },
    build: { sourcemap: false, target: 'es2022' },
  };
});
