/**
 * The column names of a CSV's header record (RFC 4180 quoting: "a,b" is one field, "" a quote), for
 * the label select; the worker parses the whole file with @dt/datasets' parseCsv.
 */
export function csvColumns(csv: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field.trim());
      field = '';
    } else if (c === '\n' || c === '\r') break;
    else field += c;
  }
  if (field !== '' || out.length > 0) out.push(field.trim());
  return out;
}
