import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sea from 'node:sea';

/** The name of better-sqlite3's addon among the single executable's assets (build.mjs puts it there). */
export const ADDON_ASSET = 'better_sqlite3.node';

let loaded: unknown;

/**
 * Inside the single executable, better-sqlite3's `.node` addon cannot be loaded from the blob:
 * it is written once to `cacheDir` (content hash in the name, written to a temp name and renamed,
 * so a half-written file is never loaded) and loaded with process.dlopen. Outside the executable
 * this does nothing and better-sqlite3 finds its own prebuild.
 */
export function loadEmbeddedAddon(cacheDir: string): void {
  if (loaded || !sea.isSea()) return;
  const bytes = Buffer.from(sea.getRawAsset(ADDON_ASSET));
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const file = path.join(path.resolve(cacheDir), `better_sqlite3-${hash}.node`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, bytes, { mode: 0o700 });
    fs.renameSync(temp, file);
  }
  const module = { exports: {} as unknown };
  process.dlopen(module, file);
  loaded = module.exports;
}

/** The addon to hand better-sqlite3: the embedded one when loaded, else undefined (its own prebuild). */
export function nativeBinding(): unknown {
  return loaded;
}
