// `npm start` inside the repository runs the CLI from source through tsx.
import { main } from './main';

main(process.argv.slice(2)).then((code) => process.exit(code));
