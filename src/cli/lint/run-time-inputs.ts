/**
 * Which data files the repository's own code still reads by their path: a dataset, a model or a database taken out of
 * git on purpose (set 187's ComfyUIMini_Enhanced: "chore: remove tags CSV files (sensitive/large dataset)", its server
 * still opening `path.join(process.cwd(), 'config', 'tags.csv')`, its CLAUDE.md saying "Tag autocomplete requires
 * `config/tags.csv` file with booru-style tag data"). Git saw the file removed, but the program still wants it where the
 * text says: the user's to supply, not a file gone. Read with one `git grep` over the working tree.
 */
import { posix } from 'node:path';
import { escapeRegExp } from '../../core/text/escape-regexp.js';
import { grepCode } from './grep-code.js';

// Data a program loads rather than code or prose: tables, records, databases, arrays, model weights.
const DATA =
  /\.(?:csv|tsv|json|jsonl|ndjson|parquet|feather|arrow|db|sqlite|sqlite3|duckdb|pkl|pickle|npy|npz|h5|hdf5|safetensors|pt|pth|ckpt|onnx|gguf|xlsx|xls)$/i;

/**
 * The `files` (repository-relative data files) a non-prose file of the repository at `root` names as a quoted string:
 * its whole path (`open("data/users.csv")`, `'./config/tags.csv'`) or its parts quoted one after another in one join
 * (`path.join(process.cwd(), 'config', 'tags.csv')`, `os.path.join("data", "users.csv")`,
 * `Path("data") / "users.csv"`). A name alone (`"tags.csv"`), another folder's file of the same name, a shell word and
 * a step shown in prose say nothing of this path. None without git.
 */
export function runTimeInputs(root: string, files: readonly string[]): Set<string> {
  const asked = [...new Set(files.filter((file) => /^[\w.-]+(?:\/[\w.-]+)+$/.test(file) && DATA.test(file)))];
  if (asked.length === 0) return new Set();
  const names = [...new Set(asked.map((file) => posix.basename(file)))];
  const output = grepCode(root, ['-F', '--no-color', ...names.flatMap((name) => ['-e', name])]);
  if (output === undefined) return new Set();
  const lines = output.split('\n');
  const quote = `['"\`]`;
  // Between two parts: a slash in one string, or the end of one quoted part and the start of the next.
  const between = `(?:/|${quote}\\s*\\)?\\s*[,/]\\s*(?:Path\\s*\\(\\s*)?${quote})`;
  const read = new Set<string>();
  for (const file of asked) {
    const parts = file.split('/').map(escapeRegExp);
    const named = new RegExp(`${quote}(?:\\./)?${parts.join(between)}${quote}`);
    if (lines.some((line) => named.test(line))) read.add(file);
  }
  return read;
}
