import type { ComponentChildren, PartialAnchorHTMLAttributes } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
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

/** A move away from a screen that waits for the user's answer (ui.tsx's ConfirmDialog, in screens/shell.tsx). */
export interface LeaveAsk {
  question: string;
  leave(): void;
  stay(): void;
}
let asking: LeaveAsk | null = null;
const askListeners = new Set<(ask: LeaveAsk | null) => void>();

function setAsking(ask: LeaveAsk | null): void {
  asking = ask;
  askListeners.forEach((l) => l(ask));
}

/** Runs `go` now, or once the user agrees to lose what leaving would lose. */
function whenMayLeave(go: () => void, stay: () => void = () => undefined): void {
  if (leaveQuestion === null) return go();
  setAsking({
    question: leaveQuestion,
    leave() {
      setAsking(null);
      leaveQuestion = null;
      go();
    },
    stay() {
      setAsking(null);
      stay();
    },
  });
}

function show(path: string, options: { replace?: boolean }): void {
  const url = BASE + path;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  shown = location.href;
  listeners.forEach((l) => l(current()));
  if (!options.replace) window.scrollTo(0, 0);
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) show(path, options);
  else whenMayLeave(() => show(path, options));
}

addEventListener('popstate', () => {
  if (leaveQuestion !== null) {
    // the address has moved already: put it back while the user decides, and move again if they leave
    history.pushState(null, '', shown);
    whenMayLeave(() => history.back());
    return;
  }
  shown = location.href;
  listeners.forEach((l) => l(current()));
});

/** The question asked before leaving a screen, while it waits for an answer. */
export function useLeaveAsk(): LeaveAsk | null {
  const [ask, setAsk] = useState(asking);
  useEffect(() => {
    askListeners.add(setAsk);
    return () => void askListeners.delete(setAsk);
  }, []);
  return ask;
}

/**
 * While `question` is set, leaving the screen asks first: a link or Back with the app's own dialog, a
 * reload or closing the tab with the browser's (the only one a page may show then).
 * For what is not saved by itself: the changes to a published or scheduled post wait for "Update".
 */
export function useLeaveGuard(question: string | null): void {
  // a layout effect: set in the same commit as the keystroke's render, so a Back pressed right after
  // typing is asked about (a plain effect waits for the next paint, and a popstate may come first)
  useLayoutEffect(() => {
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
