// Some suites use the built package (the examples, the package's exports, the Next.js app): on a fresh
// clone `npm test` builds it once first, so `npm install && npm test` works as the README says.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export default function buildIfMissing(): void {
  const root = join(__dirname, '..');
  const built = existsSync(join(root, 'dist', 'index.js')) && existsSync(join(root, 'lib', 'admin-client', 'generated', 'bundle.ts'));
  if (built) return;
  console.log('dist/ or the admin client is not built: running npm run build first');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
