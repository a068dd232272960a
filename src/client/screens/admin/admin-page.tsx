import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { paths } from '#client/routes.ts';
import { isAdminName } from '#client/state/account/account-rules.ts';
import { loadAdminList } from '#client/state/account/loads.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import './admin.css';

type Access = 'admin' | 'checking' | 'refused';

/**
 * SPEC §6: admins are the names in the admin list. The saved list answers at once; otherwise it
 * is loaded again before refusing, since a MUSE_ADMINS name signed up after start-up is only in
 * the new list. The server refuses non-admins whatever this says.
 */
function useAdminAccess(): Access {
  const isAdmin = useAppState((s) => isAdminName(s.admin, s.user.name));
  const named = useAppState((s) => s.user.name.trim() !== '');
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    void loadAdminList().finally(() => {
      if (live) setChecked(true);
    });
    return () => {
      live = false;
    };
  }, []);
  if (isAdmin) return 'admin';
  return checked || !named ? 'refused' : 'checking';
}

export type AdminPageProps = {
  title: string;
  /** Where the back button goes: the admin hub unless told otherwise. */
  back?: { to: string; label: string };
  children: ReactNode;
};

/** The frame of every admin screen: header, page, and the 'Admins only' page for everyone else. */
export function AdminPage({
  title,
  back = { to: paths.admin, label: 'Back to admin' },
  children,
}: AdminPageProps) {
  const access = useAdminAccess();
  const shownTitle = access === 'refused' ? 'Admins only' : title;
  useTitle(shownTitle);
  return (
    <>
      <AppHeader
        title={shownTitle}
        start={
          access === 'refused' ? (
            <BackLink to={paths.categories} label="Back to categories" />
          ) : (
            <BackLink to={back.to} label={back.label} />
          )
        }
      />
      <main className="page admin-page">
        {access === 'admin' ? children : null}
        {access === 'checking' ? <p className="loading">Loading…</p> : null}
        {access === 'refused' ? <AdminsOnly /> : null}
      </main>
    </>
  );
}

function AdminsOnly() {
  return (
    <section className="admin-only card">
      <p className="admin-only-lead">This part of Müse is for the people who look after it.</p>
      <p>If that is you, sign in with your admin account. Otherwise, your journal is waiting.</p>
      <Link className="button" to={paths.categories}>
        Back to müse
      </Link>
    </section>
  );
}

/** A list's failure to load, with a way to try again. */
export function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-problem" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-quiet button-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
