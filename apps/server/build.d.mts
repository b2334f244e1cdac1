/** The server bundled as `npm run build` bundles it (build.mjs). */
export function bundleServer(options: { entryPoints: Record<string, string>; outdir: string; extension?: string; splitting?: boolean; sourcemap?: boolean }): Promise<void>;
