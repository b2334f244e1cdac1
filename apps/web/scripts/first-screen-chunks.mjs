// Chunks for the first screens (decision 031). Left to itself the bundler gives every module
// shared by a different set of pages a chunk of its own: the signed-in home fetched 33 files
// after the entry, 20 of them under 1 KB (one per icon), and a phone on HTTP/1.1 asks for six
// at a time. This plugin names one chunk per first screen instead: the portal frame, the
// signed-in home and the bells, each holding the modules its screen imports that neither the
// entry nor the landing page already has. What the landing shares with them is one chunk of
// its own, so the landing fetches no byte more than before.
//
// The build also writes .vite/first-screens.json: for each screen (and `landing`), the files
// its modules need beyond the entry's. The server names them in the page as module preloads
// (shared/startup-calls.ts), so they download with the entry instead of after it has run.
import path from 'node:path';

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const RE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const RE_EXPORT_ALL = /export\s*\*\s*from\s*["']([^"']+)["']/g;

/** `a as b, c` → the local names each clause exports (b, c) or imports by (a, c). */
function names(clause, side) {
  return clause
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((part) => part[0])
    .map((part) => (side === 'exported' ? part.at(-1) : part[0]).replace(/^type\s+/, ''));
}

/**
 * @param {{ root: string; entry: string; landing: string[]; screens: Array<{ name: string; modules: string[] }> }} options
 *   source paths relative to `root`; `screens` in the order they claim modules
 * @returns {{ plugin: import('vite').Plugin; groups: Array<{ name: string; test: (id: string) => boolean; priority: number; includeDependenciesRecursively: boolean }> }}
 */
export function firstScreenChunks({ root, entry, landing, screens }) {
  /** @type {Map<string, Set<string>>} */
  const members = new Map([['landing-shared', new Set()], ...screens.map((s) => [s.name, new Set()])]);
  const abs = (file) => path.resolve(root, file);

  const plugin = {
    name: 'first-screen-chunks',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      /** A package's index that only re-exports (an icon set): name → the module that defines it. */
      const barrels = new Map();
      const barrel = (id) => {
        if (barrels.has(id)) return barrels.get(id);
        const info = this.getModuleInfo(id);
        let exported = null;
        if (info && id.includes(`${path.sep}node_modules${path.sep}`) && info.importedIds.length > 50) {
          exported = new Map();
          for (const [, clause, from] of info.code.matchAll(RE_EXPORT)) {
            for (const name of names(clause, 'exported')) exported.set(name, path.resolve(path.dirname(id), from));
          }
          for (const [, from] of info.code.matchAll(RE_EXPORT_ALL)) {
            const target = path.resolve(path.dirname(id), from);
            for (const name of this.getModuleInfo(target)?.exports ?? []) if (!exported.has(name)) exported.set(name, target);
          }
        }
        barrels.set(id, exported);
        return exported;
      };
      /** What a module imports statically; from a barrel, only the names it takes. */
      const imports = async (id, info) => {
        const out = [];
        const viaBarrel = new Set();
        for (const [, clause, spec] of info.code.matchAll(NAMED_IMPORT)) {
          const resolved = (await this.resolve(spec, id))?.id;
          const exported = resolved && barrel(resolved);
          if (!exported) continue;
          viaBarrel.add(resolved);
          for (const name of names(clause, 'imported')) if (exported.has(name)) out.push(exported.get(name));
        }
        return [...out, ...info.importedIds.filter((dep) => !viaBarrel.has(dep))];
      };
      /** Every module the given ones import statically, themselves included. */
      const closure = async (ids) => {
        const seen = new Set();
        const stack = [...ids];
        while (stack.length) {
          const id = stack.pop();
          if (seen.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) this.error(`first-screen-chunks: ${path.relative(root, id)} is not a module of this build`);
          seen.add(id);
          stack.push(...(await imports(id, info)));
        }
        return seen;
      };
      const first = await closure([abs(entry)]);
      const landingModules = await closure(landing.map(abs));
      const claimed = new Set([...first, ...landingModules]);
      const shared = members.get('landing-shared');
      const closures = [];
      for (const screen of screens) closures.push(await closure(screen.modules.map(abs)));
      // The screens after the first render inside it (the frame): what two of them share goes
      // to the first one's chunk, so no screen's chunk imports another's (the bells would
      // otherwise fetch the home's chunk on every other page).
      const laterUses = new Map();
      for (const ids of closures.slice(1)) for (const id of ids) laterUses.set(id, (laterUses.get(id) ?? 0) + 1);
      screens.forEach((screen, i) => {
        const mine = members.get(screen.name);
        const ids = i === 0 ? [...closures[0], ...[...laterUses].filter(([, uses]) => uses > 1).map(([id]) => id)] : closures[i];
        for (const id of ids) {
          if (!first.has(id) && landingModules.has(id)) shared.add(id);
          if (!claimed.has(id)) {
            mine.add(id);
            claimed.add(id);
          }
        }
      });
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const reach = (files, seen = new Set()) => {
        for (const file of files) {
          if (seen.has(file)) continue;
          seen.add(file);
          reach(byFile.get(file)?.imports ?? [], seen);
        }
        return seen;
      };
      const entryFiles = reach(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const landingIds = new Set(landing.map(abs));
      const starts = {
        landing: chunks.filter((chunk) => landingIds.has(chunk.facadeModuleId)),
        ...Object.fromEntries(screens.map((screen) => [screen.name, chunks.filter((chunk) => chunk.name === screen.name)])),
      };
      const files = Object.fromEntries(
        Object.entries(starts).map(([name, found]) => {
          if (found.length === 0) this.error(`first-screen-chunks: no chunk for the screen ${name}`);
          return [name, [...reach(found.map((chunk) => chunk.fileName))].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`)];
        }),
      );
      this.emitFile({ type: 'asset', fileName: '.vite/first-screens.json', source: `${JSON.stringify(files, null, 2)}\n` });
    },
  };

  // Each set is closed under static imports but for modules already in an earlier chunk, so
  // the chunks import only earlier ones: no dependency needs pulling in. (A module the later
  // screens share joins the first screen with the modules it imports that are not there yet,
  // for its imports are shared as well.)
  const groups = [...members].map(([name, ids], i) => ({
    name,
    test: (id) => ids.has(id),
    priority: members.size - i,
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}
