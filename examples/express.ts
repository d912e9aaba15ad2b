// npx tsx examples/express.ts   (after npm run build; PORT=3000 by default)
// pressroom inside an existing Express app, next to the app's own routes; in memory, so the keys it
// prints are new on every start.
import express from 'express';
import { createService } from 'pressroom';
import { toExpressMiddleware } from 'pressroom/express';
import { printKeysOnFirstStart } from './first-start';

const app = express();
const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const service = await createService({ url });
await printKeysOnFirstStart(service);
app.use(express.json()); // a body parser ahead of pressroom is fine: the adapter re-reads its result
const pressroom = toExpressMiddleware(service);
app.use('/svc', pressroom);
app.use('/content/images', pressroom); // uploaded images are served from here (option imagesPath)
app.get('/', (_req, res) => {
  res.send('my app, with pressroom under /svc');
});
console.log(`listening on ${url}`);
