// Every `pressroom <command>`, in the order `pressroom --help` lists them; a new command adds itself here.
import type { CliCommand } from '../command';
import { exportCommand } from './export';
import { importCommand } from './import';
import { keysCommand } from './keys';
import { resetPasswordCommand } from './reset-password';
import { serveCommand } from './serve';
import { versionCommand } from './version';

export const COMMANDS: CliCommand[] = [serveCommand, keysCommand, resetPasswordCommand, importCommand, exportCommand, versionCommand];
