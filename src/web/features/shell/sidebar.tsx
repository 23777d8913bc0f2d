import { Link, useRouterState } from '@tanstack/react-router';
import { BookOpen, Plus, X } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { LanguageSelect } from '../../components/language-select';
import { Logo } from '../../components/logo';
import { isActive, NAV_LINKS } from './nav-links';
import { UsageCard } from './usage-card';

const CREATE_VIDEO: string = '/create-video';

export function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <aside
      id="app-sidebar"
      aria-label={LL.nav.mainNavigation()}
      data-testid="sidebar"
      data-open={open}
      className={`fixed inset-y-0 left-0 z-40 flex w-72 flex-col border-r border-base-300 bg-base-100 transition-transform duration-200 md:translate-x-0 ${
        open ? 'translate-x-0 shadow-2xl' : '-translate-x-full'
      }`}
    >
      <div className="flex h-16 shrink-0 items-center justify-between px-5">
        <Link to="/dashboard" className="flex items-center gap-2" onClick={onClose}>
          <Logo />
        </Link>
        <button type="button" className="btn btn-ghost btn-sm btn-circle md:hidden" onClick={onClose} aria-label={LL.nav.closeMenu()}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 pb-4">
        <Link to={CREATE_VIDEO} className={`btn btn-primary w-full ${isActive('/create-video', pathname) ? 'btn-active' : ''}`} onClick={onClose}>
          <Plus className="size-4" aria-hidden /> {LL.nav.createNew()}
        </Link>
        <nav>
          <ul className="menu w-full gap-0.5 p-0">
            {NAV_LINKS.map(({ to, label, icon: Icon }) => {
              const active = isActive(to, pathname);
              return (
                <li key={to}>
                  <Link to={to} onClick={onClose} className={active ? 'menu-active' : ''} aria-current={active ? 'page' : undefined}>
                    <Icon className="size-4" aria-hidden />
                    {LL.nav[label]()}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="mt-auto space-y-3">
          <UsageCard />
          <LanguageSelect />
          <div className="rounded-box bg-gradient-to-br from-primary to-secondary p-4 text-primary-content">
            <p className="font-semibold">{LL.nav.helpCardTitle()}</p>
            <p className="mt-1 text-xs opacity-90">{LL.nav.helpCardText()}</p>
            <Link to="/tutorial" className="btn btn-sm mt-3 w-full border-0 bg-base-100 text-base-content hover:bg-base-200" onClick={onClose}>
              <BookOpen className="size-4" aria-hidden /> {LL.nav.videoTuto()}
            </Link>
          </div>
        </div>
      </div>
    </aside>
  );
}
