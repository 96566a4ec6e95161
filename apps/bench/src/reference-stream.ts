import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs the authors' Decision Stream reference code (github aiff22/Decision-Stream: Clojure +
 * MatrixUtil.java, EPL — not part of this repository) from a checkout given by path, through our
 * driver apps/bench/reference/decision-stream-driver.clj. Nothing is downloaded: the checkout and
 * the Debian packages must be there, and missing pieces are reported with how to get them.
 */

const DRIVER = fileURLToPath(new URL('../reference/decision-stream-driver.clj', import.meta.url));
const JARS = ['clojure.jar', 'commons-math3.jar', 'jblas.jar', 'openrefine-opencsv.jar'];
const JAR_DIR = '/usr/share/java';

export const REFERENCE_HOWTO =
  'get the reference with `git clone https://github.com/aiff22/Decision-Stream` and pass its directory as --reference; ' +
  'it runs on the Debian packages clojure, libcommons-math3-java, libjblas-java, libopenrefine-opencsv-java and default-jdk-headless (for javac)';

/** A reference node as the driver writes it (breadth-first ids; `leaf`: [class code, frequency] pairs). */
export interface ReferenceNode {
  feature?: number;
  threshold?: number;
  left?: number;
  right?: number;
  leaf?: [number, number][];
}

export interface ReferenceRun {
  alpha: number;
  mode: 'classification' | 'regression';
  nTrain: number;
  /** Wall seconds of train + predict inside the JVM (the JVM start is not counted). */
  wallS: number;
  nodes: ReferenceNode[];
  trainPredictions: number[];
  testPredictions: number[];
}

export interface ReferenceRunner {
  run(train: { X: ArrayLike<number>; rows: number; cols: number; y: ArrayLike<number> }, test: { X: ArrayLike<number>; rows: number; cols: number; y: ArrayLike<number> }, mode: 'classification' | 'regression', alpha: number): ReferenceRun;
  dispose(): void;
}

/** Checks the checkout, the jars and javac, compiles MatrixUtil.java once; or says what is missing. */
export function referenceRunner(dir: string): ReferenceRunner | { missing: string } {
  const clj = join(dir, 'src/main/clojure/DecisionStream.clj');
  const java = join(dir, 'src/main/java/edu/decision/stream/MatrixUtil.java');
  if (!existsSync(clj) || !existsSync(java)) return { missing: `${dir} has no src/main/clojure/DecisionStream.clj or MatrixUtil.java: ${REFERENCE_HOWTO}` };
  for (const jar of JARS) if (!existsSync(join(JAR_DIR, jar))) return { missing: `${join(JAR_DIR, jar)} not found: ${REFERENCE_HOWTO}` };
  const work = mkdtempSync(join(tmpdir(), 'dt-stream-ref-'));
  const classes = join(work, 'classes');
  mkdirSync(classes);
  const cp = JARS.map((j) => join(JAR_DIR, j));
  const javac = spawnSync('javac', ['-nowarn', '-d', classes, '-cp', cp.join(':'), java], { encoding: 'utf8' });
  if (javac.error || javac.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    return { missing: `javac failed (${javac.error?.message ?? javac.stderr.trim()}): ${REFERENCE_HOWTO}` };
  }
  const classpath = [...cp, classes].join(':');
  let k = 0;
  const csv = (path: string, d: { X: ArrayLike<number>; rows: number; cols: number; y: ArrayLike<number> }): void => {
    const lines = [[...Array.from({ length: d.cols }, (_, j) => `x${j}`), 'y'].join(',')];
    for (let i = 0; i < d.rows; i++) {
      const row: string[] = [];
      for (let j = 0; j < d.cols; j++) row.push(String(d.X[i * d.cols + j]));
      row.push(String(d.y[i]));
      lines.push(row.join(','));
    }
    writeFileSync(path, lines.join('\n') + '\n');
  };
  return {
    run(train, test, mode, alpha) {
      k++;
      const trainCsv = join(work, `train-${k}.csv`);
      const testCsv = join(work, `test-${k}.csv`);
      const out = join(work, `out-${k}.json`);
      csv(trainCsv, train);
      csv(testCsv, test);
      const r = spawnSync('java', ['-Xss64m', '-cp', classpath, 'clojure.main', DRIVER, dir, trainCsv, testCsv, mode, String(alpha), out], { encoding: 'utf8', maxBuffer: 1 << 26 });
      if (r.error || r.status !== 0 || !existsSync(out)) throw new Error(`the reference failed: ${r.error?.message ?? r.stderr.slice(-2000)}`);
      const run = JSON.parse(readFileSync(out, 'utf8')) as ReferenceRun;
      rmSync(trainCsv);
      rmSync(testCsv);
      rmSync(out);
      return run;
    },
    dispose() {
      rmSync(work, { recursive: true, force: true });
    },
  };
}
