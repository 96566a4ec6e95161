/** CSV field quoting (RFC 4180): only when the field needs it. */
export function csvField(v: string | number): string {
  const s = String(v);
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(fields: readonly (string | number)[]): string {
  return fields.map(csvField).join(',');
}
