// Operator CLI: `npm run shop -- <command>`. Run `npm run shop -- help` for the list.
import { logInfoToStderr } from '../src/server/request-log.ts';
import { runShopCommand } from './shop-commands.ts';

// stdout is the command's answer, to be read or piped whole; log lines go to stderr.
logInfoToStderr();
process.exitCode = await runShopCommand(process.argv.slice(2));
