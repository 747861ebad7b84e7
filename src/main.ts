import { main } from './cli/main.ts';

const io = {
  out: (text: string) => process.stdout.write(`${text}\n`),
  err: (text: string) => process.stderr.write(`${text}\n`),
};

process.exitCode = await main(process.argv.slice(2), io, process.env);
