import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
const r = await esbuild.build({ stdin: { contents: readFileSync('/tmp/fpa/every.mjs', 'utf8'), resolveDir: process.cwd(), loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'error', conditions: ['@dt/source'] });
writeFileSync('/tmp/fpa/every-out.mjs', r.outputFiles[0].contents);
