// pressroom inside an existing Express app, next to the app's own routes.
import express from 'express';
import { createService } from 'pressroom';
import { toExpressMiddleware } from 'pressroom/express';

const service = await createService({ url: 'http://127.0.0.1:3000' });
const app = express();
app.use(express.json()); // a body parser ahead of pressroom is fine: the adapter re-reads its result
const pressroom = toExpressMiddleware(service);
app.use('/svc', pressroom);
app.use('/content/images', pressroom); // uploaded images are served from here (option imagesPath)
app.get('/', (_req, res) => {
  res.send('my app, with pressroom under /svc');
});
app.listen(3000, '127.0.0.1');
