import { useRouterState } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import type { User } from '../../lib/user';
import { AccountMenu } from './account-menu';
import { NoticeBell } from './notice-bell';
import { Sidebar } from './sidebar';

/** Fixed sidebar (w-72) on md and up; below md a slide-in drawer with a backdrop. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const { LL } = useI18nContext();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The drawer stays open only on the page it was opened on: moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="min-h-screen bg-base-200">
      <Sidebar open={open} onClose={() => setOpen(false)} />
      {open && <div className="fixed inset-0 z-30 bg-black/50 md:hidden" onClick={() => setOpen(false)} data-testid="drawer-backdrop" aria-hidden />}
      <div className="flex min-h-screen flex-col md:pl-72">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-base-300 bg-base-100/90 px-4 backdrop-blur md:px-8">
          <button
            type="button"
            className="btn btn-ghost btn-square md:hidden"
            onClick={() => setOpen(true)}
            aria-label={LL.nav.openMenu()}
            aria-controls="app-sidebar"
            aria-expanded={open}
            data-testid="menu-button"
          >
            <Menu className="size-5" aria-hidden />
          </button>
          <div className="flex-1" />
          <NoticeBell />
          <AccountMenu user={user} />
        </header>
        <main className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-8">{children}</main>
      </div>
    </div>
  );
}
