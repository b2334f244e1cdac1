import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { firstScreenChunks } from './scripts/first-screen-chunks.mjs';
import { endpointAddresses } from './scripts/endpoint-addresses.mjs';

const chunks = firstScreenChunks({
  root: fileURLToPath(new URL('.', import.meta.url)),
  entry: 'src/main.tsx',
  // The landing page's lazy modules, as scripts/check-bundle-size.mjs counts them.
  landing: ['src/app/routes/hub-landing-route.tsx', 'src/features/auth/components/login-screen.tsx'],
  screens: [
    { name: 'portal-frame', modules: ['src/app/components/app-layout.tsx'] },
    { name: 'home', modules: ['src/app/routes/company-home-route.tsx'] },
    { name: 'bells', modules: ['src/features/notifications/components/notification-bell.tsx', 'src/features/messages/components/message-bell.tsx'] },
  ],
});

export default defineConfig({
  plugins: [endpointAddresses(fileURLToPath(new URL('../../packages/shared/src/endpoints/', import.meta.url))), react(), tailwindcss(), chunks.plugin],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    // Keep the browser's Host header so the API's same-origin (CSRF) check sees one site.
    proxy: { '/api': { target: process.env.VITE_API_TARGET ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
    // Chunk names carry 7 hash characters, not 8 (decision 117): the entry lists every page's chunks by name.
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups }, chunkFileNames: 'assets/[name]-[hash:7].js' } },
  },
});
