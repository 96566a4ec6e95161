import * as esbuild from 'esbuild';
import { gzipSync } from 'node:zlib';
const code = process.argv[2];
const res = await esbuild.build({ stdin: { contents: code, resolveDir: process.cwd() + '/packages/core', loader: 'ts' }, bundle: true, minify: true, format: 'esm', write: false, conditions: ['@dt/source'], metafile: true, logLevel: 'silent' });
const out = res.outputFiles[0].contents;
console.log('min', out.length, 'gz', gzipSync(out, { level: 9 }).length);
if (process.argv[3]) { const o = Object.values(res.metafile.outputs)[0]; for (const [k, v] of Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, +process.argv[3])) console.log(v.bytesInOutput, k); }
