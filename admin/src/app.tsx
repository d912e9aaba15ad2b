import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, messageOf, onSignedOut } from './api';
import type { Setting } from './api-types';
import { defaultFormatOf, type BodyFormat } from './posts';
import { Setup, SignIn } from './screens/auth';
import { LinkScreen, linkScreen } from './screens/mailed-links';
import { Shell } from './screens/shell';
import { SessionContext, type Session, type StaffUser } from './session';
import { setSiteTimeZone } from './time';
import { Loading } from './ui';

type State =
  | { kind: 'loading' }
  | { kind: 'setup' }
  | { kind: 'signed-out' }
  | { kind: 'signed-in'; user: StaffUser; siteTitle: string; editorFormat: BodyFormat }
  | { kind: 'failed'; error: string };

async function whoAmI(): Promise<State> {
  const setup = await api.get<{ setup: { status: boolean }[] }>('authentication/setup/');
  if (!setup.setup[0]?.status) return { kind: 'setup' };
  try {
    const me = await api.get<{ users: StaffUser[] }>('users/me/?include=roles');
    // every role may read the settings; dates are shown in the site's time zone
    const [site, settings] = await Promise.all([api.get<{ site: { title: string } }>('site/'), api.get<{ settings: Setting[] }>('settings/')]);
    setSiteTimeZone(settings.settings.find((s) => s.key === 'timezone')?.value);
    return { kind: 'signed-in', user: me.users[0], siteTitle: site.site.title, editorFormat: defaultFormatOf(settings.settings) };
  } catch (error) {
    if ((error as { status?: number }).status === 401) return { kind: 'signed-out' };
    throw error;
  }
}

export function App() {
  // a mailed link (invitation, password reset) opens its own screen, signed in or not
  const [link, setLink] = useState(linkScreen);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const refresh = useCallback(() => whoAmI().then(setState, (e) => setState({ kind: 'failed', error: messageOf(e) })), []);
  useEffect(() => {
    void refresh();
    return onSignedOut(() => setState({ kind: 'signed-out' }));
  }, [refresh]);

  if (link)
    return (
      <LinkScreen
        link={link}
        onDone={() => {
          setLink(null);
          void refresh();
        }}
      />
    );
  if (state.kind === 'loading')
    return (
      <main class="auth">
        <Loading />
      </main>
    );
  if (state.kind === 'failed')
    return (
      <main class="auth">
        <p role="alert" class="notice error">
          The admin could not start: {state.error}
        </p>
      </main>
    );
  if (state.kind === 'setup') return <Setup onDone={refresh} />;
  if (state.kind === 'signed-out') return <SignIn onSignedIn={refresh} />;
  const session: Session = {
    user: state.user,
    siteTitle: state.siteTitle,
    editorFormat: state.editorFormat,
    async signOut() {
      await api.del('session/').catch(() => undefined);
      setState({ kind: 'signed-out' });
    },
    refreshUser: refresh,
  };
  return (
    <SessionContext.Provider value={session}>
      <Shell />
    </SessionContext.Provider>
  );
}
