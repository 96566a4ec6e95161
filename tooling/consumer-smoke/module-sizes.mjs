#!/usr/bin/env node
// What each module costs in a browser bundle, from sources (the @dt/source condition, no build):
//   node tooling/consumer-smoke/module-sizes.mjs ["<entry code>"] [top]
// prints the bundle's min and min+gz size (esbuild --bundle --minify, ESM, gzip, as run.mjs) and the
// `top` largest modules by minified bytes. Default entry: the DecisionTreeClassifier budget of size-budgets.json.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = new URL('../../', import.meta.url).pathname;
const budgets = JSON.parse(readFileSync(`${root}size-budgets.json`, 'utf8')).bundles;
const code = process.argv[2] || budgets.DecisionTreeClassifier.code;
const top = Number(process.argv[3] ?? 25);
const res = await esbuild.build({
  stdin: { contents: code, resolveDir: `${root}packages/core`, loader: 'ts' },
  bundle: true,
  minify: true,
  format: 'esm',
  write: false,
  conditions: ['@dt/source'],
  metafile: true,
  logLevel: 'silent',
});
const out = res.outputFiles[0].contents;
console.log(`min ${(out.length / 1024).toFixed(1)} KB, min+gz ${(gzipSync(out).length / 1024).toFixed(1)} KB`);
const inputs = Object.entries(Object.values(res.metafile.outputs)[0].inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
for (const [file, v] of inputs.slice(0, top)) console.log(`${String(v.bytesInOutput).padStart(7)}  ${file}`);
