import type { Plugin } from 'vite';

export interface FirstScreenGroup {
  name: string;
  test: (id: string) => boolean;
  priority: number;
  includeDependenciesRecursively: boolean;
}

export function firstScreenChunks(options: { root: string; entry: string; landing: string[]; screens: Array<{ name: string; modules: string[] }> }): { plugin: Plugin; groups: FirstScreenGroup[] };
