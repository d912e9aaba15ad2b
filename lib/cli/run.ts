// `npm start` inside the repository runs the CLI from source through tsx.
import { main } from './main';

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`pressroom: ${error.message}`);
  process.exit(1);
});
