import { InvalidArgumentError } from '@dt/errors';

/**
 * The error for an option whose code a browser bundle left out (splitters 'hist'/'random', the
 * oblique searches, ccpAlpha's pruning): names the argument, the value given and the import to add.
 * One builder for every opt-in slot, so each slot ships one short sentence. `subject` replaces
 * "argument value" at the start where the value is no option (fromJSON's model file: the call's name).
 */
export function notLoaded(argument: string, value: unknown, subpath: string, what: string, subject = `${argument} ${JSON.stringify(value)}`): InvalidArgumentError {
  const e = new InvalidArgumentError(argument, what, value);
  e.message = `${subject} needs ${what}: add \`import '@dt/core/${subpath}';\` once in your program (Node's main entry loads it)`;
  return e;
}
