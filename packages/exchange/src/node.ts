/**
 * Node-only file helpers of @dt/exchange: read a model file of any supported format (detected by
 * content), write dt's JSON of an imported model and ONNX files atomically (never over an input).
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '@dt/core/node';
import { DtError } from '@dt/errors';
import type { ImportedModel } from './imported-model.js';
import { importedModelToJson } from './model-json.js';
import { exportOnnx, type ExportableModel, type OnnxExportOptions } from './onnx-export.js';
import { readModel } from './read-model.js';

/** The bytes of a file (DtError 'IO' naming the path if unreadable). */
async function readBytes(path: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    throw new DtError('IO', `cannot read model ${path}: ${why}`, { cause: e });
  }
}

/** Reads a LightGBM text, XGBoost JSON, ONNX or dt imported-model file; errors name the path. */
export async function readModelFile(path: string): Promise<ImportedModel> {
  const bytes = await readBytes(path);
  try {
    return readModel(bytes);
  } catch (e) {
    if (e instanceof DtError) {
      e.message = `${path}: ${e.message}`;
    }
    throw e;
  }
}

/** Saves an imported model as dt's JSON (format "dt-imported-ensemble"), atomically. */
export async function saveImportedModel(path: string, model: ImportedModel, inputs: readonly string[] = []): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(importedModelToJson(model)), { inputs });
}

/** Writes a dt tree model or forest as an ONNX file, atomically. */
export async function saveOnnx(path: string, model: ExportableModel, options: OnnxExportOptions = {}, inputs: readonly string[] = []): Promise<void> {
  await writeFileAtomic(path, exportOnnx(model, options), { inputs });
}

export * from './index.js';
