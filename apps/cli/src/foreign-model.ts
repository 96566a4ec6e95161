/**
 * Models from other libraries on the command line: `dt predict` and `dt show` hand a file to
 * @dt/exchange when its content is a LightGBM text model, an XGBoost JSON model, an ONNX protobuf or
 * dt's JSON of an imported model (never by file name); dt's own model files go the usual way.
 */
import { open } from 'node:fs/promises';
import { IMPORTED_FORMAT, type ImportedModel } from '@dt/exchange';
import { readModelFile as readImportedFile } from '@dt/exchange/node';

/** True when `path` holds a model @dt/exchange reads (false for dt's own files and unreadable paths). */
export async function isForeignModelFile(path: string): Promise<boolean> {
  let bytes: Uint8Array;
  try {
    const fh = await open(path, 'r');
    try {
      bytes = new Uint8Array(4096);
      const { bytesRead } = await fh.read(bytes, 0, bytes.length, 0);
      bytes = bytes.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  } catch {
    return false; // the usual reader reports the path
  }
  const head = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trimStart();
  if (/^tree\r?\n/.test(head)) return true;
  if (head.startsWith('{')) return head.includes('"learner"') || head.includes(`"${IMPORTED_FORMAT}"`);
  // Not text: an ONNX protobuf starts with field 1 (ir_version, a varint): byte 0x08.
  return bytes[0] === 0x08;
}

/** Reads a foreign model file (errors name the path). */
export function readForeignModel(path: string): Promise<ImportedModel> {
  return readImportedFile(path);
}

/** What `dt show` and `dt import` print about an imported model. */
export function describeImported(model: ImportedModel): string {
  const what = model.task === 'classification' ? `${model.classes!.length} classes` : 'regression';
  return `${model.format} model (${model.sourceVersion}; ${model.objective}): ${model.trees.length} trees, ${model.nFeatures} features, ${what}`;
}
