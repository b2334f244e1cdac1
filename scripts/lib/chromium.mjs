import fs from 'node:fs';

/**
 * The Chromium the browser suite drives: `CHROME_PATH` when set, else Debian's headless shell
 * (package chromium-headless-shell, the lighter build meant for automation, decision 042), else
 * Debian's full Chromium. Browsers are never downloaded.
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export function chromiumPath(env = process.env) {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  return CHROMIUM_CANDIDATES.find((file) => fs.existsSync(file)) ?? CHROMIUM_CANDIDATES[0];
}
