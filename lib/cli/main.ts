import { parseArgs } from 'node:util';
import { serve } from './serve';

const USAGE = `Usage: pressroom serve [--port 2368] [--host 127.0.0.1] [--data ./content/data] [--name svc] [--url http://…]`;

export async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '2368' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: './content/data' },
      name: { type: 'string', default: 'svc' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals[0] !== 'serve') {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got ${values.port}`);
  const server = await serve({ port, host: values.host!, dataDir: values.data!, name: values.name!, url: values.url });
  const stop = () => {
    server.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
