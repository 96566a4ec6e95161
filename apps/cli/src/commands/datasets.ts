import type { Command } from 'commander';
import { listDatasets } from '@dt/datasets';
import type { Context } from '../io.js';
import { formatTable } from '../table.js';

export function datasetsCommand(program: Command, ctx: Context): void {
  program
    .command('datasets')
    .description('list the built-in datasets')
    .option('--json', 'print JSON instead of a table')
    .action((opts: { json?: boolean }) => {
      const list = listDatasets();
      if (opts.json) {
        ctx.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
        return;
      }
      const rows = list.map((d) => [
        d.name,
        d.task,
        d.rows.toLocaleString('en-US'),
        String(d.features),
        d.classes === undefined ? '-' : String(d.classes),
      ]);
      ctx.stdout.write(
        formatTable(
          [
            { header: 'name' },
            { header: 'task' },
            { header: 'rows', align: 'right' },
            { header: 'features', align: 'right' },
            { header: 'classes', align: 'right' },
          ],
          rows,
        ),
      );
    });
}
