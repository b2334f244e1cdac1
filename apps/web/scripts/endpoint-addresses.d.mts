import type { Plugin } from 'vite';

export function endpointAddresses(endpointsDir: string): Plugin;
