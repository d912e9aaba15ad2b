// npx tsx examples/in-process.ts   (after npm run build)
// A front end's test talking to pressroom with no network: seed content, then read it as the site would.
import { createService } from 'pressroom';

const service = await createService({ auth: { passwordIterations: 1000 } });
await service.setup({ name: 'Test Owner', email: 'owner@example.com', password: 'a-long-password', title: 'Fixture site' });
const { contentKey } = await service.createIntegration({ name: 'front end' });

const response = await service.fetch(new Request(`http://127.0.0.1:2368/svc/api/v3/content/settings/?key=${contentKey}`));
console.log((await response.json()).settings.title); // "Fixture site"
await service.close();
