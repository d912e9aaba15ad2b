// pressroom's URLs end in a slash (/svc/api/v3/content/posts/). Next strips trailing slashes by
// default (308) and pressroom adds them back (301), forever; with trailingSlash Next keeps them, and
// still serves file-like paths (/content/images/….png) without one.
// pressroom and PGlite load their WebAssembly and database snapshot from beside their own files, which
// a bundle would move: they stay in node_modules.
/** @type {import('next').NextConfig} */
export default { trailingSlash: true, serverExternalPackages: ['pressroom', '@electric-sql/pglite'] };
