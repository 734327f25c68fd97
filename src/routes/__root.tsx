import { createRootRouteWithContext, lazyRouteComponent, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { AppRouterContext } from '../app/router-context';
import { CreditMeter } from '../features/credits/components/CreditMeter';
import { ModeBadge } from '../features/credits/components/ModeBadge';
import { SpendAlertNotice } from '../features/credits/components/SpendAlertNotice';
import { JobMeterSlot } from '../features/jobs/components/JobMeterSlot';
import { WatchesNavLink } from '../features/watches/components/WatchesNavLink';
import { KeyboardShortcuts } from '../components/KeyboardShortcuts';
import { markHydratedUnlessServerRendered } from '../lib/held-clicks';
import { SIGN_IN_PAGES } from '../api/auth/sign-in-required';
import { ExposedBanner, PeopleNavLink, SignedInSlot } from '../features/people/components/PeopleInHeader';

export const Route = createRootRouteWithContext<AppRouterContext>()({
  component: RootLayout,
  // Loaded when an address matches no page: the shell stays lighter for every other visit.
  notFoundComponent: lazyRouteComponent(() => import('../components/PageNotFound')),
});

// The header's links and their row: classes in src/styles.css (.nav-link, .main-nav), not repeated in the shell's JS.
const navLink = 'nav-link';
const activeLink = { className: 'bg-slate-100 text-slate-950 dark:bg-slate-800 dark:text-white' };

function RootLayout() {
  // A server-rendered page is marked by its own content (src/routes/timeline.tsx), hydrated after this layout.
  useEffect(markHydratedUnlessServerRendered, []);
  // Signing in and opening a welcome link come before any session: no navigation, and nothing mounted that asks
  // for one (the meter's /api/_session, the job chip's /api/_jobs, the spend alerts), which would only be a 401.
  const signingIn = useRouterState({ select: (state) => SIGN_IN_PAGES.includes(state.location.pathname) });
  return (
    <div className="min-h-screen">
      <ExposedBanner />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5 sm:gap-y-2 sm:py-2">
          {/* The start page buys nothing, so the name can always lead home. */}
          <Link to="/" className="flex items-center gap-2 font-bold no-underline text-slate-900 dark:text-white">
            <img src="/favicon.svg" alt="" width={22} height={22} />
            {/* On a phone the logo alone leads home: the row keeps room for the meter. */}
            <span className="max-sm:sr-only">creditscope</span>
          </Link>
          {!signingIn && <AppNavigation />}
        </div>
      </header>
      <Outlet />
      {!signingIn && <SpendAlertNotice />}
    </div>
  );
}

/** The pages, the meter, the job chip and who is signed in: everything of the header but the name. */
function AppNavigation() {
  const nav = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // On a phone the row scrolls sideways: the page you are on is brought into view (Watches starts off-screen at
  // 375 px). 'nearest' on the block axis: the sticky header is always on screen, so the page never moves.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <>
      <ModeBadge />
      {/* Seven pages (eight with People): on a phone the links take the second (last) row, under the logo and the
          meter, in one line that scrolls sideways where it is wider than the screen, so the header keeps two rows.
          Its right edge fades out, which says more links are there to scroll to (.main-nav in src/styles.css). */}
      <nav ref={nav} aria-label="Main" className="main-nav">
        <Link to="/timeline" className={navLink} activeProps={activeLink}>
          Timeline
        </Link>
        <Link to="/search" className={navLink} activeProps={activeLink}>
          Search
        </Link>
        <Link to="/credits" className={navLink} activeProps={activeLink}>
          Credits
        </Link>
        <Link to="/history" className={navLink} activeProps={activeLink}>
          History
        </Link>
        <Link to="/find" className={navLink} activeProps={activeLink}>
          Find
        </Link>
        <Link to="/jobs" className={navLink} activeProps={activeLink}>
          Jobs
        </Link>
        <WatchesNavLink className={navLink} activeProps={activeLink} />
        <PeopleNavLink className={navLink} activeProps={activeLink} />
      </nav>
      {/*
            The bar takes the rest of the row and is a container: the meter and the job chip fit what it has on
            one line (container queries), so the header keeps its height whatever they show; with less than
            12rem left it takes a row of its own.
          */}
      <div className="@container/bar flex min-w-48 flex-1 items-center justify-end gap-2">
        <KeyboardShortcuts />
        <JobMeterSlot />
        <CreditMeter />
        <SignedInSlot />
      </div>
    </>
  );
}
