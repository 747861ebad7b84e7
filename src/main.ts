import { main } from './cli/main.ts';

const io = {
  out: (text: string) => process.stdout.write(`${text}\n`),
  err: (text: string) => process.stderr.write(`${text}\n`),
};

// No top-level await: the single executable runs this file bundled as CommonJS.
main(process.argv.slice(2), io, process.env).then((code) => {
  process.exitCode = code;
});
