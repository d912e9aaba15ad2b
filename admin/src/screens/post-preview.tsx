import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { resourceOf, type PostType } from '../posts';

/**
 * The editor's "Preview" link: where the service says the post is previewed — the `previewUrl` option
 * with the post's uuid, or the Content API's preview — opened in a new tab. Nothing before the post exists.
 */
export function PreviewLink({ type, postId }: { type: PostType; postId: string | null }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!postId) return;
    let current = true;
    api.get<{ previews: { url: string }[] }>(`${resourceOf(type)}/${postId}/preview/`).then(
      (r) => current && setUrl(r.previews[0]?.url ?? null),
      () => current && setUrl(null),
    );
    return () => {
      current = false;
    };
  }, [postId]);
  if (!url) return null;
  return (
    <a class="button" href={url} target="_blank" rel="noopener noreferrer">
      Preview
    </a>
  );
}
