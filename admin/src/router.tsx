import type { ComponentChildren, PartialAnchorHTMLAttributes } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { BASE } from './api';

/** Client-side routes, as paths under BASE without the leading slash: `posts`, `posts/<id>`, … */
function current(): string {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : '';
  return path.replace(/\/+$/, '');
}

const listeners = new Set<(path: string) => void>();

/** What leaving the current screen would lose, as a question to the user; null when nothing would be. */
let leaveQuestion: string | null = null;
/** The address shown, so that a Back the user then cancels can be put back. */
let shown = location.href;

function mayLeave(): boolean {
  return leaveQuestion === null || window.confirm(leaveQuestion);
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (!options.replace && !mayLeave()) return;
  const url = BASE + path;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  shown = location.href;
  listeners.forEach((l) => l(current()));
  if (!options.replace) window.scrollTo(0, 0);
}

addEventListener('popstate', () => {
  if (!mayLeave()) {
    history.pushState(null, '', shown);
    return;
  }
  shown = location.href;
  listeners.forEach((l) => l(current()));
});

/**
 * While `question` is set, leaving the screen (a link, Back, a reload, closing the tab) asks first.
 * For what is not saved by itself: the changes to a published or scheduled post wait for "Update".
 */
export function useLeaveGuard(question: string | null): void {
  useEffect(() => {
    if (question === null) return;
    leaveQuestion = question;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', onBeforeUnload);
    return () => {
      if (leaveQuestion === question) leaveQuestion = null;
      removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [question]);
}

/** The current route; a change of the query alone (filters, page) renders again too. */
export function useRoute(): string {
  const [route, setRoute] = useState(() => ({ path: current(), search: location.search }));
  useEffect(() => {
    const listener = (path: string) => setRoute({ path, search: location.search });
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return route.path;
}

export function useQuery(): URLSearchParams {
  useRoute();
  return new URLSearchParams(location.search);
}

type LinkProps = Omit<PartialAnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'role'> & { to: string; children: ComponentChildren };

/** An ordinary link (open in a new tab works) that routes inside the app on a plain click. */
export function Link({ to, children, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={BASE + to}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
