/** The line after which a generated report's hand-written notes start; re-rendering keeps them. */
export function notesMarker(command: string): string {
  return `<!-- notes: everything below is kept when \`bench ${command}\` re-renders the tables above -->`;
}

/** The generated part followed by the notes of the previous report (or an empty notes section). */
export function mergeNotes(generated: string, previous: string, command: string): string {
  const marker = notesMarker(command);
  const i = previous.indexOf(marker);
  const kept = i >= 0 ? previous.slice(i) : `${marker}\n\n## Notes\n\n(none yet)\n`;
  return `${generated}\n${kept}`;
}
