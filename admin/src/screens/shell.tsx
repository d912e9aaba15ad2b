import { useEffect, useRef, useState } from 'preact/hooks';
import { Link, navigate, useLeaveAsk, useRoute } from '../router';
import { isAdmin, roleName, useSession } from '../session';
import { ConfirmDialog } from '../ui';
import { PostEditor } from './post-editor';
import { PostList } from './post-list';
import { TagEditor, TagList } from './tags';
import { StaffList, StaffMember } from './staff';
import { Settings } from './settings';
import { Activity } from './activity';
import { IntegrationList, IntegrationScreen } from './integrations';
import { Themes } from './themes';

function NavLink({ to, label, path }: { to: string; label: string; path: string }) {
  const active = path === to || path.startsWith(`${to}/`);
  return (
    <li>
      <Link to={to} class={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );
}

function Screen({ path }: { path: string }) {
  const [section, id] = path.split('/');
  switch (section) {
    case 'posts':
    case 'pages': {
      const type = section === 'posts' ? 'post' : 'page';
      return id ? <PostEditor key={`${type}/${id}`} type={type} id={id === 'new' ? null : id} /> : <PostList key={type} type={type} />;
    }
    case 'tags':
      return id ? <TagEditor key={id} id={id === 'new' ? null : id} /> : <TagList />;
    case 'staff':
      return id ? <StaffMember key={id} id={id} /> : <StaffList />;
    case 'settings':
      return id === 'activity' ? <Activity /> : <Settings />;
    case 'integrations':
      return id ? <IntegrationScreen key={id} id={id} /> : <IntegrationList />;
    case 'themes':
      return <Themes />;
    default:
      return <NotFound />;
  }
}

function NotFound() {
  return (
    <div class="page">
      <h1>Nothing here</h1>
      <p class="muted">
        This address is not part of the admin. <Link to="posts">Go to posts</Link>.
      </p>
    </div>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last of `stops` goes to the first, Shift+Tab from the first to the last, and either from
 * outside them to the nearest end; between them the browser's own order (the document's) moves focus.
 */
function keepTabWithin(event: KeyboardEvent, stops: HTMLElement[]): void {
  const at = stops.indexOf(document.activeElement as HTMLElement);
  const wraps = at === -1 || (event.shiftKey ? at === 0 : at === stops.length - 1);
  if (!wraps) return;
  event.preventDefault();
  (event.shiftKey ? stops[stops.length - 1] : stops[0]).focus();
}

export function Shell() {
  const path = useRoute();
  const session = useSession();
  const { user } = session;
  useEffect(() => {
    if (path === '') navigate('posts', { replace: true });
  }, [path]);
  const editorOpen = /^(posts|pages)\/[^/]+$/.test(path);
  // on a narrow window (styles.css, below 720px) the navigation waits behind the "Menu" button
  const [menuOpen, setMenuOpen] = useState(false);
  const leaveAsk = useLeaveAsk();
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  useEffect(() => setMenuOpen(false), [path]);
  useEffect(() => {
    if (!menuOpen) return;
    // the open menu covers the screen: Tab cycles through it and its button, Escape closes it onto the button
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === 'Tab' && menuButton.current && sidebar.current) {
        keepTabWithin(event, [menuButton.current, ...sidebar.current.querySelectorAll<HTMLElement>(FOCUSABLE)]);
      } else if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  return (
    <div class={`layout${editorOpen ? ' editing' : ''}${menuOpen ? ' menu-open' : ''}`}>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <button
          ref={menuButton}
          type="button"
          class="button menu-button"
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <span class="topbar-site">{session.siteTitle || 'pressroom'}</span>
      </header>
      {menuOpen && <div class="menu-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <aside id="sidebar" class="sidebar" ref={sidebar}>
        <div class="site-name" title={session.siteTitle}>
          {session.siteTitle || 'pressroom'}
        </div>
        <nav aria-label="Main">
          <ul>
            <NavLink to="posts" label="Posts" path={path} />
            <NavLink to="pages" label="Pages" path={path} />
            <NavLink to="tags" label="Tags" path={path} />
            <NavLink to="staff" label="Staff" path={path} />
            {isAdmin(user) && <NavLink to="settings" label="Settings" path={path} />}
            {isAdmin(user) && <NavLink to="integrations" label="Integrations" path={path} />}
            {isAdmin(user) && <NavLink to="themes" label="Themes" path={path} />}
          </ul>
          <div class="me">
            <Link to={`staff/${user.id}`} class="me-link">
              <span class="me-name">{user.name}</span>
              <span class="me-role">{roleName(user)}</span>
            </Link>
            <button type="button" class="button quiet small" onClick={() => session.signOut()}>
              Sign out
            </button>
          </div>
        </nav>
      </aside>
      <main id="main" class="main" tabIndex={-1}>
        {path === '' ? null : <Screen path={path} />}
      </main>
      {leaveAsk && (
        <ConfirmDialog title="Changes not saved" confirm="Leave" onConfirm={leaveAsk.leave} onClose={leaveAsk.stay}>
          <p>{leaveAsk.question}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
