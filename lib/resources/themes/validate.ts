import type { ZipEntry } from '../../files/zip';

export interface ThemeProblem {
  code: string;
  message: string;
  /** The file the problem is about. */
  file?: string;
}

export interface ThemeFiles {
  files: ZipEntry[];
  package: Record<string, unknown> | null;
  problems: ThemeProblem[];
}

export const THEME_NAME = /^[a-z0-9][a-z0-9_-]{0,99}$/;
const REQUIRED_TEMPLATES = ['index.hbs', 'post.hbs'];
// Folders that archivers add and that are no part of a theme.
const ARCHIVER_LITTER = '__MACOSX/';

/** The theme's name from its zip's file name: lower-case letters, digits, `_` and `-`; '' when nothing is left. */
export function themeNameFrom(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1).replace(/\.zip$/i, '');
  return base
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

/** Zips made by compressing a folder hold `<folder>/package.json`: the theme is that folder's content. */
function withoutWrapperFolder(entries: ZipEntry[]): ZipEntry[] {
  const files = entries.filter((e) => !e.name.startsWith(ARCHIVER_LITTER));
  if (files.some((e) => e.name === 'package.json')) return files;
  const first = files[0]?.name.split('/')[0];
  if (!first || !files.every((e) => e.name.startsWith(`${first}/`))) return files;
  return files.map((e) => ({ name: e.name.slice(first.length + 1), data: e.data }));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function readPackage(entry: ZipEntry | undefined, problems: ThemeProblem[]): Record<string, unknown> | null {
  if (!entry) {
    problems.push({ code: 'PACKAGE_JSON_MISSING', message: 'The theme has no package.json.', file: 'package.json' });
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(entry.data));
  } catch (error) {
    problems.push({ code: 'PACKAGE_JSON_INVALID', message: `package.json is not valid JSON: ${(error as Error).message}`, file: 'package.json' });
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push({ code: 'PACKAGE_JSON_INVALID', message: 'package.json must hold a JSON object.', file: 'package.json' });
    return null;
  }
  const pkg = parsed as Record<string, unknown>;
  for (const field of ['name', 'version'] as const) {
    if (typeof pkg[field] !== 'string' || (pkg[field] as string).trim() === '') {
      problems.push({ code: `PACKAGE_JSON_${field.toUpperCase()}`, message: `package.json must have a "${field}".`, file: 'package.json' });
    }
  }
  return pkg;
}

/** The theme's files, its package.json, and what makes it invalid (reference-behaviour §10). */
export function checkTheme(entries: ZipEntry[]): ThemeFiles {
  const files = withoutWrapperFolder(entries);
  const problems: ThemeProblem[] = [];
  const pkg = readPackage(
    files.find((e) => e.name === 'package.json'),
    problems,
  );
  for (const template of REQUIRED_TEMPLATES) {
    if (!files.some((e) => e.name === template)) {
      problems.push({ code: 'TEMPLATE_MISSING', message: `The theme has no ${template} template.`, file: template });
    }
  }
  return { files, package: pkg, problems };
}
