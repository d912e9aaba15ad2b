import { VERSION } from '../../version';
import { UsageError, type CliCommand } from '../command';

export const versionCommand: CliCommand = {
  name: 'version',
  summary: 'print the version of pressroom',
  usage: 'Usage: pressroom version   (or pressroom --version)',
  async run(argv, io) {
    if (argv.length > 0) throw new UsageError(`unexpected argument ${argv[0]}`);
    io.stdout.write(`pressroom ${VERSION}\n`);
    return 0;
  },
};
