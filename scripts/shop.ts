// Operator CLI: `npm run shop -- <command>`. Run `npm run shop -- help` for the list.
import { writeFile } from 'node:fs/promises';
import { closeStore, getStore } from '../src/server/store/index.ts';
import { importCatalogue, readCatalogueFile } from '../src/server/services/catalogue.ts';

const USAGE = `Usage: npm run shop -- <command>
  catalogue import <file>          validate a catalogue JSON file and upsert it (all or nothing)
  catalogue export [file]          write the store's catalogue as JSON (stdout when no file)
  catalogue generate <n> [file]    write n generated products (for benchmarks) as JSON
  orders list [--status S]         list orders, newest first
  orders status <id> <status>      move an order to Packing, Out for Delivery or Delivered
Environment: DATA_DIR (SQLite folder, default .data) or MONGODB_URI to use MongoDB.`;

type Command = (args: string[]) => Promise<number>;

const commands: Record<string, Command> = {
  'catalogue import': async ([file]) => {
    if (!file) return usage('catalogue import needs a file');
    const read = await readCatalogueFile(file);
    if (!read.ok) return report(read.errors);
    const result = await importCatalogue(await getStore(), read.data);
    if (!result.ok) return report(result.errors, 'Nothing was imported.');
    console.log(`Imported ${file}: ${result.inserted} new, ${result.updated} updated.`);
    return 0;
  },
  'catalogue export': async ([file]) => {
    const text = JSON.stringify(await (await getStore()).products.list(), null, 2) + '\n';
    if (file) await writeFile(file, text);
    else process.stdout.write(text);
    if (file) console.log(`Wrote the catalogue to ${file}.`);
    return 0;
  },
  'catalogue generate': async ([count, file]) => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 100_000) return usage('catalogue generate needs a count from 1 to 100000');
    const { generateCatalogue } = await import('../data/generate.ts');
    const text = JSON.stringify(generateCatalogue(n), null, 1) + '\n';
    if (file) await writeFile(file, text);
    else process.stdout.write(text);
    if (file) console.log(`Wrote ${n} generated products to ${file}.`);
    return 0;
  },
};

function usage(problem: string): number {
  console.error(`${problem}\n\n${USAGE}`);
  return 2;
}

function report(errors: string[], footer?: string): number {
  for (const line of errors) console.error(line);
  if (footer) console.error(footer);
  return 1;
}

async function main(argv: string[]): Promise<number> {
  const [group, action, ...rest] = argv;
  if (!group || group === 'help' || group === '--help') {
    console.log(USAGE);
    return 0;
  }
  const command = commands[`${group} ${action ?? ''}`];
  if (!command) return usage(`Unknown command: ${argv.join(' ')}`);
  try {
    return await command(rest);
  } finally {
    await closeStore();
  }
}

process.exitCode = await main(process.argv.slice(2));
