// Build step after tsc: the embedded data modules (dist/embedded/*.js) are CSV text in a string, so
// their source maps (with inlineSources, as the shared tsconfig sets) repeat the whole data set and
// doubled the package (20.8 MB unpacked with maps, ~10 MB without). The maps of the code stay; these
// are deleted with their sourceMappingURL comment, and nothing is lost for debugging: the generated
// .js is the data as written.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('../dist/embedded/', import.meta.url).pathname;
let removed = 0;
for (const name of readdirSync(dir)) {
  if (name.endsWith('.js.map')) {
    rmSync(join(dir, name));
    removed++;
  } else if (name.endsWith('.js')) {
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    const stripped = text.replace(/\n\/\/# sourceMappingURL=\S+\.js\.map\s*$/, '\n');
    if (stripped !== text) writeFileSync(file, stripped);
  }
}
console.log(`datasets: removed ${removed} source maps of embedded data from dist/embedded`);
