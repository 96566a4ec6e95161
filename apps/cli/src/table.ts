export interface Column {
  header: string;
  /** Numbers read best right-aligned (default 'left'). */
  align?: 'left' | 'right';
}

/** A plain-text table: header, a rule, one line per row; columns padded to their widest cell. */
export function formatTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((c, j) => Math.max(c.header.length, ...rows.map((r) => (r[j] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    columns
      .map((c, j) => {
        const cell = cells[j] ?? '';
        return c.align === 'right' ? cell.padStart(widths[j]!) : cell.padEnd(widths[j]!);
      })
      .join('  ')
      .trimEnd();
  const out = [line(columns.map((c) => c.header)), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const r of rows) out.push(line(r));
  return out.join('\n') + '\n';
}
