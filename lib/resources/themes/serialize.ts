export interface CustomTemplate {
  filename: string;
  name: string;
  for: string[];
  slug: string | null;
}

export interface ThemeView {
  name: string;
  package: Record<string, unknown>;
  active: boolean;
  templates: CustomTemplate[];
}

const CUSTOM = /^(custom|post|page)-(.+)\.hbs$/;

/**
 * The templates an editor can pick for a post or page, as the reference lists them: top-level
 * `custom-<x>.hbs` for either, `post-<slug>.hbs` / `page-<slug>.hbs` for that one post or page.
 */
export function customTemplates(files: readonly string[]): CustomTemplate[] {
  const templates: CustomTemplate[] = [];
  for (const file of [...files].sort()) {
    const match = CUSTOM.exec(file);
    if (!match || file.includes('/')) continue;
    const [, kind, rest] = match;
    templates.push({
      filename: file.slice(0, -'.hbs'.length),
      name: rest
        .split('-')
        .filter(Boolean)
        .map((word) => word[0].toUpperCase() + word.slice(1))
        .join(' '),
      for: kind === 'custom' ? ['page', 'post'] : [kind],
      slug: kind === 'custom' ? null : rest,
    });
  }
  return templates;
}

export function themeView(name: string, pkg: Record<string, unknown>, files: readonly string[], active: boolean): ThemeView {
  return { name, package: pkg, active, templates: customTemplates(files) };
}
