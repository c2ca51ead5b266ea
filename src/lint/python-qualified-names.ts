/**
 * A Python package's attribute written after the package's folder: `routes/admin/router.routes` (set 167's
 * matcha-recruit: "a gate-sweep test … that walks `routes/admin/router.routes`", the `routes` list of the `router`
 * object that `routes/admin/__init__.py` defines). The folder is a package (it holds `__init__.py`), the name before the
 * dot is no module of it (no `router.py`, no `router/`), and the word after the dot is a Python name no file type
 * takes, so `admin/data.json` or `admin/schema.sql` stay files. Asked only of a path found missing. Never throws.
 */
import { posix } from 'node:path';

/** A lower-case Python name, a dot and another (`router.routes`, `app.state`). */
const MEMBER = /^([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)$/;

/** File types a Python package's folder holds besides its modules: these endings name a file, not an attribute. */
const FILE_TYPES = new Set(
  'py pyi pyc pyx pxd so json jsonl yaml yml toml txt md rst cfg ini csv tsv html htm jinja jinja2 j2 sql sh xml svg png jpg jpeg gif ico pdf lock log env db sqlite parquet pkl pickle npy npz mo po css js ts'.split(
    ' ',
  ),
);

/** Whether repository path `path` (found missing) is an attribute of a Python package the repository has. */
export function isPythonPackageAttribute(path: string, exists: (path: string) => boolean): boolean {
  const folder = posix.dirname(path);
  const member = MEMBER.exec(posix.basename(path));
  if (member === null || folder === '.' || FILE_TYPES.has(member[2]!)) return false;
  const module = `${folder}/${member[1]!}`;
  return exists(`${folder}/__init__.py`) && !exists(`${module}.py`) && !exists(module);
}
