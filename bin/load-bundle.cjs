// Loads one of mem's CommonJS bundles (dist/hook.cjs, dist/cli.cjs) with a V8 code cache.
// Why: a hook runs at the end of every agent turn, and compiling the 600 KB hook bundle was a third
// of what a quiet hook costs above bare `node -e 0` (callgrind: 152 M instructions above Node's own
// start-up, 70 M with the cache). Node 20 has no module.enableCompileCache (Node 22), and
// v8-compile-cache breaks `import()` in cached code (zertosh/v8-compile-cache#30, #41), which the
// bundles use for their lazy ES modules. So: compile the bundle ourselves with `vm.Script` and
// `cachedData`, and route its lazy imports through `importLazy` below (Node 20's V8 drops the
// dynamic-import callback of a script compiled from a cache, nodejs/node#62678).
'use strict';
const {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs');
const Module = require('node:module');
const { homedir } = require('node:os');
const { basename, dirname, isAbsolute, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

/** The line the build puts before the build marker of an ASCII-only bundle (scripts/ascii-only.mjs). */
const ASCII_MARKER = '//# mem-ascii';
/** The build ends each bundle with this marker and its content hash (scripts/build.mjs). */
const BUILD_MARKER = '//# mem-build=';
/** A write killed half-way leaves its staging file; one this old is nobody's. */
const STALE_STAGING_MS = 60 * 60 * 1000;
/** How long caches of another build of a bundle are kept (see writeCache). */
const OTHER_BUILD_KEEP_MS = 24 * 60 * 60 * 1000;
/** About one per hook event or command. */
const MAX_CACHES_PER_BUNDLE = 40;
/** Where the cache directories mem creates begin, below the user's cache root. */
const CACHE_ROOT_NAME = 'mem-team-memory';

/**
 * Requires `file` as a CommonJS module, compiled from the code cache when one matches this bundle
 * and this Node; returns its exports and `saveCache(typical)`, to call once the work is done (so the
 * cache holds the functions that work compiled, not only the top level). `variant` names what the
 * run does (a hook event, a command): each has its own cache, holding the functions that work needs.
 * A run that was not typical of its variant (a Stop with nothing new to read) leaves a provisional
 * cache, used only until a typical run writes the variant's cache. Why: a Stop's cache made by a
 * Stop that read nothing lacked what a turn compiles (callgrind: a new turn 560 M instructions with
 * it, 480 M with a turn's), and a Stop that reads nothing pays 7 M more for a turn's.
 * Why: a cache made by another command is accepted but costs more to deserialise than compiling
 * (callgrind: `mem list` from `mem status`'s cache 1,024 M instructions, compiled 979 M, from
 * its own 785 M).
 */
function loadBundle(file, variant = 'main') {
  const cached = require.cache[file];
  if (cached) return { exports: cached.exports, saveCache: () => {} };
  // Note: the build makes bundles ASCII-only (scripts/ascii-only.mjs) and says so at their end;
  // such a bundle decodes as latin1 in half the time of UTF-8, without a second copy held as bytes.
  // One that does not say so (an older build) is read again as UTF-8.
  let source = readFileSync(file, 'latin1');
  if (!source.slice(-120).includes(`\n${ASCII_MARKER}\n`)) source = readFileSync(file, 'utf8');
  const cacheFile = cacheFileFor(file, /^[a-z][a-z-]{0,40}$/.test(variant) ? variant : 'other', source);
  const provisionalFile = cacheFile?.replace(/\.bin$/, '.provisional.bin');
  let cachedData;
  let loadedProvisional = false;
  if (cacheFile && isPrivateChain(cacheFile)) {
    cachedData = readOwnFile(cacheFile);
    if (cachedData === undefined) {
      cachedData = readOwnFile(provisionalFile);
      loadedProvisional = cachedData !== undefined;
    }
  }
  const directory = dirname(file);
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname, __memLoaderImport) {${source}\n})`,
    { filename: file, cachedData },
  );
  const bundle = new Module(file, module);
  bundle.filename = file;
  bundle.paths = Module._nodeModulePaths(directory);
  // Registered before it runs, as require() would: oclif requires dist/cli.cjs again by its path
  // (package.json's oclif.commands.target) and must get this same module.
  require.cache[file] = bundle;
  const importLazy = (specifier) =>
    import(isRelative(specifier) ? pathToFileURL(join(directory, specifier)).href : specifier);
  try {
    script.runInThisContext()(bundle.exports, Module.createRequire(file), bundle, file, directory, importLazy);
  } catch (error) {
    delete require.cache[file];
    throw error;
  }
  bundle.loaded = true;
  const stale = cachedData === undefined || script.cachedDataRejected === true;
  const saveCache = (typical = true) => {
    if (cacheFile === undefined) return;
    if (typical && (stale || loadedProvisional)) {
      writeCache(cacheFile, script);
      if (loadedProvisional) rmSync(provisionalFile, { force: true });
    } else if (!typical && stale) {
      writeCache(provisionalFile, script);
      // Note: a rejected cache (another Node, damage) would be read first again and again.
      if (cachedData !== undefined && !loadedProvisional) rmSync(cacheFile, { force: true });
    }
  };
  return { exports: bundle.exports, saveCache };
}

const isRelative = (specifier) => specifier.startsWith('./') || specifier.startsWith('../');

/**
 * `<cache>/<node version>-<arch>/<bundle>.<variant>.<content hash>.bin`, or undefined when caching
 * is off (MEM_NO_CODE_CACHE=1, a bundle without the build's hash, or no private cache directory).
 */
function cacheFileFor(file, variant, source) {
  if (process.env.MEM_NO_CODE_CACHE === '1') return undefined;
  const marker = source.lastIndexOf(BUILD_MARKER);
  if (marker < 0) return undefined;
  const hash = source.slice(marker + BUILD_MARKER.length).trim();
  if (!/^[0-9a-f]{16,64}$/.test(hash)) return undefined;
  const directory = cacheDirectory();
  if (!directory) return undefined;
  return join(directory, `${process.version}-${process.arch}`, `${basename(file, '.cjs')}.${variant}.${hash}.bin`);
}

/**
 * The user's own cache directory for mem. V8 trusts a code cache like code, so it is never read
 * from a place another user could write: a shared temp directory is not used.
 */
function cacheDirectory() {
  let base = process.env.XDG_CACHE_HOME;
  if (!base || !isAbsolute(base)) {
    try {
      base = join(homedir(), '.cache');
    } catch {
      return undefined;
    }
  }
  return join(base, CACHE_ROOT_NAME, 'code-cache');
}

/**
 * True when nobody but this user can have put a file at `cacheFile`: the user's cache root is
 * theirs (or root's, and if others may write in it, sticky, so nobody else can rename what is
 * theirs), and every directory mem made below it is a real directory (not a symlink), owned by
 * this user and writable by nobody else. Why: V8 runs a code cache as code and accepts one built
 * from any source of the same length, so one planted in a shared cache directory (XDG_CACHE_HOME
 * in a world-writable folder, a HOME shared on CI) would run as whoever loads it.
 */
function isPrivateChain(cacheFile) {
  if (typeof process.getuid !== 'function') return true;
  const uid = process.getuid();
  const owned = (stat) => stat.uid === uid && stat.isDirectory() && (stat.mode & 0o022) === 0;
  try {
    let directory = dirname(cacheFile);
    while (basename(directory) !== CACHE_ROOT_NAME) {
      if (!owned(lstatSync(directory)) || dirname(directory) === directory) return false;
      directory = dirname(directory);
    }
    if (!owned(lstatSync(directory))) return false;
    const root = statSync(dirname(directory));
    return (root.uid === uid || root.uid === 0) && ((root.mode & 0o022) === 0 || (root.mode & 0o1000) !== 0);
  } catch {
    return false;
  }
}

/** The file's bytes when it is a regular file (not a symlink) owned by this user that nobody else may write. */
function readOwnFile(path) {
  let fd;
  try {
    // Note: O_NONBLOCK: a FIFO planted at the path must not hold the hook before its watchdog is armed.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    if (typeof process.getuid === 'function' && (stat.uid !== process.getuid() || (stat.mode & 0o022) !== 0))
      return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes the cache atomically (concurrent hooks may race; the last rename wins, each whole). */
function writeCache(cacheFile, script) {
  try {
    const directory = dirname(cacheFile);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const name = basename(cacheFile);
    const [bundle, , hash] = name.split('.');
    let kept = 0;
    const now = Date.now();
    for (const other of readdirSync(directory)) {
      if (other.endsWith('.tmp') && now - statSync(join(directory, other)).mtimeMs > STALE_STAGING_MS)
        rmSync(join(directory, other), { force: true });
      if (!other.startsWith(`${bundle}.`) || other === name) continue;
      // Caches of other builds of this bundle go once they are a day old, not at once: two
      // installs of different versions (a global mem, a project's own) used side by side would
      // otherwise delete each other's caches on every run and never start from one.
      if (other.split('.')[2] !== hash) {
        if (now - statSync(join(directory, other)).mtimeMs > OTHER_BUILD_KEEP_MS)
          rmSync(join(directory, other), { force: true });
      } else kept += 1;
    }
    // Variants come from the command line (a mistyped command is one too): bounded.
    if (kept >= MAX_CACHES_PER_BUNDLE) return;
    const staging = join(directory, `.${name}.${process.pid}.tmp`);
    writeFileSync(staging, script.createCachedData(), { mode: 0o600 });
    renameSync(staging, cacheFile);
  } catch {
    /* a cache is an optimisation: a read-only or full disk just means compiling next time too */
  }
}

module.exports = { loadBundle };
