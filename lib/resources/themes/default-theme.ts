/**
 * The theme every site starts with, shipped as data so that `GET themes/` is never empty and the
 * `active_theme` default (`casper`) names a theme that exists. It cannot be replaced or deleted.
 */
export const DEFAULT_THEME_NAME = 'casper';

export const DEFAULT_THEME_FILES: Readonly<Record<string, string>> = {
  'package.json': JSON.stringify(
    { name: 'casper', description: 'The default pressroom theme', version: '1.0.0', engines: { ghost: '>=3.0.0' }, license: 'MIT' },
    null,
    2,
  ),
  'default.hbs': `<!DOCTYPE html>
<html lang="{{@site.lang}}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{{meta_title}}</title>
  {{ghost_head}}
</head>
<body class="{{body_class}}">
  <header><a href="{{@site.url}}">{{@site.title}}</a></header>
  <main>{{{body}}}</main>
  {{ghost_foot}}
</body>
</html>
`,
  'index.hbs': `{{!< default}}
{{#foreach posts}}
  <article class="{{post_class}}">
    <h2><a href="{{url}}">{{title}}</a></h2>
    <p>{{excerpt}}</p>
  </article>
{{/foreach}}
{{pagination}}
`,
  'post.hbs': `{{!< default}}
{{#post}}
  <article class="{{post_class}}">
    <h1>{{title}}</h1>
    {{content}}
  </article>
{{/post}}
`,
};
