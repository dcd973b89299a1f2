// Operator CLI: `npm run shop -- <command>`. Run `npm run shop -- help` for the list.
import { writeFile } from 'node:fs/promises';
import { closeStore, getStore } from '../src/server/store/index.ts';
import { importCatalogueFile } from '../src/server/services/catalogue-import.ts';
import { catalogueToCsv } from '../src/server/services/catalogue-csv.ts';
import { moveOrderStatus } from '../src/server/services/orders.ts';
import { DomainError } from '../src/server/errors.ts';
import { ORDER_STATUSES, isOrderStatus, type OrderStatus } from '../src/lib/orders.ts';
import { loadConfig } from '../src/server/config.ts';
import { runDoctor } from '../src/server/doctor.ts';

const USAGE = `Usage: npm run shop -- <command>
  catalogue import <file> [--images <folder>]
                                   validate a catalogue (JSON, or CSV one row per product and
                                   colour) and its photos, store the photos in data/photos
                                   (PHOTOS_DIR) and upsert the products (all or nothing)
  catalogue export [file] [--csv]  write the store's catalogue as JSON, or CSV when the file ends
                                   in .csv or --csv is given (stdout when no file)
  catalogue generate <n> [file]    write n generated products (for benchmarks) as JSON
  orders list [--status S]         list orders, newest first
  orders status <id> <status>      move an order to Packing, Out for Delivery or Delivered
  orders status <id> Cancelled --reason "…"
                                   cancel an order; the reason is required and kept with it
  db migrate                       create the MongoDB indexes (once per database; safe to repeat)
  doctor                           check a production configuration; one line per problem
Environment: DATA_DIR (SQLite folder, default .data) or MONGODB_URI to use MongoDB.`;

type Command = (args: string[]) => Promise<number>;

const commands: Record<string, Command> = {
  'db migrate': async () => {
    const config = loadConfig();
    if (!config.MONGODB_URI) {
      console.log(
        'No MONGODB_URI: the embedded SQLite store creates its tables itself. Nothing to do.',
      );
      return 0;
    }
    const { migrateMongo } = await import('../src/server/store/mongo.ts');
    const created = await migrateMongo(config.MONGODB_URI, config.MONGODB_DB);
    console.log(`Indexes in place on ${config.MONGODB_DB}: ${created.join(', ')}.`);
    return 0;
  },
  doctor: async () => {
    const lines = await runDoctor(process.env);
    for (const line of lines)
      (line.ok ? console.log : console.error)(`${line.ok ? 'ok  ' : 'FAIL'}  ${line.text}`);
    return lines.every((l) => l.ok) ? 0 : 1;
  },
  'catalogue import': async (args) => {
    const flag = args.indexOf('--images');
    const images = flag >= 0 ? args[flag + 1] : undefined;
    if (flag >= 0 && !images) return usage('--images needs a folder');
    const file = args.find((a, i) => !a.startsWith('--') && (flag < 0 || i !== flag + 1));
    if (!file) return usage('catalogue import needs a file');
    const result = await importCatalogueFile(await getStore(), file, { images });
    if (!result.ok) return report(result.errors, 'Nothing was imported.');
    console.log(
      `Imported ${file}: ${result.inserted} new, ${result.updated} updated; ` +
        `photos: ${result.photosAdded} stored, ${result.photosKept} already there.`,
    );
    return 0;
  },
  'catalogue export': async (args) => {
    const file = args.find((a) => !a.startsWith('--'));
    const products = await (await getStore()).products.list();
    const csv = args.includes('--csv') || /\.csv$/i.test(file ?? '');
    const text = csv ? catalogueToCsv(products) : JSON.stringify(products, null, 2) + '\n';
    if (file) await writeFile(file, text);
    else process.stdout.write(text);
    if (file) console.log(`Wrote the catalogue to ${file}.`);
    return 0;
  },
  'catalogue generate': async ([count, file]) => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 100_000)
      return usage('catalogue generate needs a count from 1 to 100000');
    const { generateCatalogue } = await import('../data/generate.ts');
    const text = JSON.stringify(generateCatalogue(n), null, 1) + '\n';
    if (file) await writeFile(file, text);
    else process.stdout.write(text);
    if (file) console.log(`Wrote ${n} generated products to ${file}.`);
    return 0;
  },
  'orders list': async (args) => {
    const flag = args.indexOf('--status');
    const status = flag >= 0 ? args[flag + 1] : undefined;
    if (status !== undefined && !isOrderStatus(status)) {
      return usage(`--status must be one of: ${ORDER_STATUSES.join(', ')}`);
    }
    const orders = await (await getStore()).orders.list(status ? { status } : {});
    if (orders.length === 0)
      console.log(status ? `No orders with status ${status}.` : 'No orders yet.');
    for (const o of orders) {
      const count = o.items.reduce((n, i) => n + i.quantity, 0);
      console.log(
        `${o.id}  ${o.date}  ${o.status.padEnd(16)}  ${o.currency} ${o.total}  ${o.paymentMethod}  ${count} item(s)  ${o.address.email}`,
      );
    }
    return 0;
  },
  'orders status': async ([id, ...rest]) => {
    const flag = rest.indexOf('--reason');
    const reason = flag >= 0 ? rest[flag + 1] : undefined;
    if (flag >= 0 && (reason === undefined || reason.trim() === ''))
      return usage('--reason needs the reason, in quotes');
    const to = (flag >= 0 ? rest.slice(0, flag) : rest).join(' ');
    if (!id || !to) return usage('orders status needs an order id and a status');
    if (!ORDER_STATUSES.includes(to as OrderStatus))
      return usage(`Unknown status "${to}". Use one of: ${ORDER_STATUSES.join(', ')}`);
    if (to === 'Cancelled' && reason === undefined)
      return usage('Cancelling an order needs a reason: --reason "…"');
    try {
      const order = await moveOrderStatus(await getStore(), id, to as OrderStatus, { reason });
      console.log(
        `Order ${order.id} is now ${order.status}${order.status === 'Cancelled' ? ` (reason: ${order.cancelReason})` : ''}.`,
      );
      return 0;
    } catch (error) {
      if (error instanceof DomainError) return report([error.message]);
      throw error;
    }
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
  const command =
    commands[`${group} ${action ?? ''}`] ?? (action === undefined ? commands[group] : undefined);
  if (!command) return usage(`Unknown command: ${argv.join(' ')}`);
  try {
    return await command(rest);
  } finally {
    await closeStore();
  }
}

process.exitCode = await main(process.argv.slice(2));
