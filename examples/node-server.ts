// npx tsx examples/node-server.ts   (after npm run build; PORT=3000 by default)
// pressroom on Node's own http server, with its data in ./content/example/data and uploads beside it
// in ./content/example/images and ./content/example/themes. Prints the keys on the first start.
import { createServer } from 'node:http';
import { createService } from 'pressroom';
import { toNodeHandler } from 'pressroom/node';
import { printKeysOnFirstStart } from './first-start';

const port = Number(process.env.PORT ?? 3000);
const dataDir = './content/example/data';
const server = createServer();
// the port first: its real number (PORT=0 picks one) goes into the service's url
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const service = await createService({ url, dataDir });
// the pressroom command's --data names the site's folder: the database's parent, which holds images/ and themes/
await printKeysOnFirstStart(service, './content/example');
server.on('request', toNodeHandler(service));

// closing releases the data directory's lock and leaves its files private; set up before saying
// `listening`, so a signal sent as soon as that line appears is handled, not Node's default exit
const stop = () => {
  server.close();
  service.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
console.log(`listening on ${url} — Admin API at ${url}/svc/api/v3/admin/`);
