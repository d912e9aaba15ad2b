import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../api';
import { Link, navigate, useQuery } from '../router';
import { nqlString, resourceOf, STATUS_WORD, type Post, type PostType } from '../posts';
import { ErrorNotice, formatDate, Loading, PageHeader } from '../ui';

const LIMIT = 15;

interface Meta {
  pagination: { page: number; pages: number; total: number };
}

function useOptions<T>(path: string): T[] {
  const [items, setItems] = useState<T[]>([]);
  useEffect(() => {
    api.get<Record<string, T[]>>(path).then(
      (r) => setItems(Object.values(r)[0] ?? []),
      () => setItems([]),
    );
  }, [path]);
  return items;
}

/** A post in a search's results. */
type Found = Post & { search?: { headline: string } };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** A search headline (HTML the API escaped, matches in `<mark>`) as text and marks: never as HTML. */
function Headline({ html }: { html: string }) {
  const text = (piece: string) => piece.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);
  return (
    <p class="post-headline">
      {html.split(/(<mark>.*?<\/mark>)/).map((piece, i) => (piece.startsWith('<mark>') ? <mark key={i}>{text(piece.slice(6, -7))}</mark> : text(piece)))}
    </p>
  );
}

export function PostList({ type }: { type: PostType }) {
  const resource = resourceOf(type);
  const query = useQuery();
  const status = query.get('status') ?? '';
  const tag = query.get('tag') ?? '';
  const author = query.get('author') ?? '';
  const search = query.get('q') ?? '';
  const page = Math.max(1, Number(query.get('page')) || 1);
  const [posts, setPosts] = useState<Post[] | null>(null);
  const [meta, setMeta] = useState<Meta | null>(null);
  const [error, setError] = useState('');
  const [typed, setTyped] = useState(search);
  const tags = useOptions<{ slug: string; name: string }>('tags/?limit=all&fields=slug,name');
  const authors = useOptions<{ slug: string; name: string }>('users/?limit=all&fields=slug,name');

  function setFilter(changes: Record<string, string>) {
    const next = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    const text = next.toString();
    navigate(text ? `${resource}?${text}` : resource, { replace: true });
  }

  useEffect(() => {
    const filter = [status && `status:${status}`, tag && `tag:${nqlString(tag)}`, author && `author:${nqlString(author)}`].filter(Boolean).join('+');
    const params = new URLSearchParams({
      limit: String(LIMIT),
      page: String(page),
      fields: 'id,title,status,updated_at,published_at,slug',
    });
    // a search is ranked by relevance, each result with the piece of text that matched
    if (search.trim()) params.set('search', search);
    else params.set('order', 'updated_at desc');
    if (search.trim()) params.set('include', 'search.headline');
    if (filter) params.set('filter', filter);
    let live = true;
    setError('');
    api.get<{ posts?: Post[]; pages?: Post[]; meta: Meta }>(`${resource}/?${params}`).then(
      (r) => live && (setPosts((r[resource as 'posts'] ?? []) as Post[]), setMeta(r.meta)),
      (e) => live && (setError(messageOf(e)), setPosts([])),
    );
    return () => void (live = false);
  }, [resource, status, tag, author, search, page]);

  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => setFilter({ q: typed }), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const label = type === 'post' ? 'posts' : 'pages';
  const pages = meta?.pagination.pages ?? 1;
  return (
    <div class="page">
      <PageHeader title={type === 'post' ? 'Posts' : 'Pages'}>
        <Link to={`${resource}/new`} class="button primary">
          {type === 'post' ? 'New post' : 'New page'}
        </Link>
      </PageHeader>
      <div class="filters" role="search" aria-label={`Filter ${label}`}>
        <div class="filter search">
          <label for="post-search" class="visually-hidden">
            Search {label}
          </label>
          <input id="post-search" type="search" placeholder={`Search ${label}`} value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
        </div>
        <div class="filter">
          <label for="filter-status" class="visually-hidden">
            Status
          </label>
          <select id="filter-status" value={status} onChange={(e) => setFilter({ status: e.currentTarget.value })}>
            <option value="">All statuses</option>
            <option value="draft">Drafts</option>
            <option value="published">Published</option>
            <option value="scheduled">Scheduled</option>
          </select>
        </div>
        <div class="filter">
          <label for="filter-tag" class="visually-hidden">
            Tag
          </label>
          <select id="filter-tag" value={tag} onChange={(e) => setFilter({ tag: e.currentTarget.value })}>
            <option value="">All tags</option>
            {tags.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <div class="filter">
          <label for="filter-author" class="visually-hidden">
            Author
          </label>
          <select id="filter-author" value={author} onChange={(e) => setFilter({ author: e.currentTarget.value })}>
            <option value="">All authors</option>
            {authors.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ErrorNotice error={error} />
      {posts === null ? (
        <Loading />
      ) : posts.length === 0 ? (
        <div class="empty">
          <p>{status || tag || author || search ? `No ${label} match these filters.` : `No ${label} yet.`}</p>
        </div>
      ) : (
        <ul class="post-list" aria-label={type === 'post' ? 'Posts' : 'Pages'}>
          {posts.map((post) => (
            <li key={post.id}>
              <Link to={`${resource}/${post.id}`} class="post-title">
                {post.title || '(Untitled)'}
              </Link>
              <span class={`status status-${post.status}`}>{STATUS_WORD[post.status]}</span>
              <span class="post-meta">
                {post.status === 'draft'
                  ? `Edited ${formatDate(post.updated_at)}`
                  : post.status === 'scheduled'
                    ? `Publishes ${formatDate(post.published_at)}`
                    : `Published ${formatDate(post.published_at)}`}
              </span>
              {(post as Found).search && <Headline html={(post as Found).search!.headline} />}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div class="pagination" role="group" aria-label="Pagination">
          <button type="button" class="button small" disabled={page <= 1} onClick={() => setFilter({ page: String(page - 1) })}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" class="button small" disabled={page >= pages} onClick={() => setFilter({ page: String(page + 1) })}>
            Next
          </button>
        </div>
      )}
    </div>
  );
}
