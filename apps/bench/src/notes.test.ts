import { expect, it } from 'vitest';
import { mergeNotes, notesMarker } from './notes.js';

it('re-rendering a report keeps the hand-written notes after its marker, per command', () => {
  const marker = notesMarker('speed');
  expect(marker).toContain('`bench speed`');
  const first = mergeNotes('table v1\n', '', 'speed');
  expect(first).toBe(`table v1\n\n${marker}\n\n## Notes\n\n(none yet)\n`);
  const edited = first.replace('(none yet)', 'why 1k rows differ');
  expect(mergeNotes('table v2\n', edited, 'speed')).toBe(`table v2\n\n${marker}\n\n## Notes\n\nwhy 1k rows differ\n`);
  // Another command's marker is not ours: its text is not carried over.
  expect(mergeNotes('t\n', `x\n${notesMarker('maxcut')}\nother`, 'speed')).not.toContain('other');
});
