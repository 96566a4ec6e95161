#!/usr/bin/env bash
# Scaffold a library package: tooling/new-package.sh NAME "description"
set -euo pipefail
name=$1; desc=$2; dir=packages/$name
mkdir -p "$dir/src"
cat > "$dir/package.json" <<JSON
{
  "name": "@dt/$name",
  "version": "0.1.0",
  "description": "$desc",
  "license": "MIT",
  "type": "module",
  "sideEffects": false,
  "exports": {
    ".": {
      "types": "./dist/index.d.ts",
      "@dt/source": "./src/index.ts",
      "import": "./dist/index.js"
    }
  },
  "main": "./dist/index.js",
  "types": "./dist/index.d.ts",
  "files": ["dist", "README.md"],
  "scripts": {
    "build": "tsc -p tsconfig.build.json",
    "typecheck": "tsc -p tsconfig.json --noEmit"
  },
  "dependencies": {},
  "devDependencies": {
    "@dt/tsconfig": "workspace:*",
    "@dt/vitest-config": "workspace:*"
  }
}
JSON
cat > "$dir/tsconfig.json" <<JSON
{
  "extends": "@dt/tsconfig/base.json",
  "compilerOptions": { "rootDir": "src", "outDir": "dist", "types": ["node"], "customConditions": ["@dt/source"] },
  "include": ["src"]
}
JSON
cat > "$dir/tsconfig.build.json" <<JSON
{
  "extends": "./tsconfig.json",
  "exclude": ["src/**/*.test.ts", "src/testing-fixtures/**"]
}
JSON
cat > "$dir/vitest.config.ts" <<TS
import { dtProject } from '@dt/vitest-config';

export default dtProject('@dt/$name');
TS
node tooling/publish-manifest.mjs # repository, keywords, engines, publishConfig, LICENSE
