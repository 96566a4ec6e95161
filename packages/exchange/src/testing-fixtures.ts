/**
 * The conformance fixtures as files, for the CLI's fuzz campaign and the bench (a workspace-only
 * subpath, `@dt/exchange/fixtures`: it is not published).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of a fixture file (e.g. "lgb-multiclass.txt"). */
export function fixturePath(file: string): string {
  return fileURLToPath(new URL(`./fixtures/${file}`, import.meta.url));
}

/** Bytes of a fixture file. */
export function fixtureFile(file: string): Uint8Array {
  return new Uint8Array(readFileSync(fixturePath(file)));
}

/** The ONNX protobuf subset's decoder and encoder (the fuzz campaign mutates decoded attributes). */
export { decodeModel, encodeModel } from './onnx-proto.js';
