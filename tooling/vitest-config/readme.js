// Runs the ```ts code blocks of a package README as real modules, so every documented example is
// executed by the test suite. A block whose first line is `// no-run` is skipped.
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export function readmeExamples(readmePath) {
  const text = readFileSync(readmePath, 'utf8');
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((m) => m[1])
    .filter((code) => !code.startsWith('// no-run'));
}

/** `srcDir`: where the temporary module goes (it must resolve the example's imports); default README's src/. */
export async function runReadmeExample(readmePath, index = 0, srcDir = join(dirname(readmePath), 'src')) {
  const code = readmeExamples(readmePath)[index];
  if (code === undefined) throw new Error(`${readmePath} has no runnable \`\`\`ts example #${index}`);
  const file = join(srcDir, `.readme-example-${index}-${process.pid}.tmp.ts`);
  writeFileSync(file, code);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(file, { force: true });
  }
}
