import { Link } from '@tanstack/react-router';
import { LogOut, Settings, User as UserIcon } from 'lucide-react';
import { useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { UserAvatar } from '../../components/user-avatar';
import type { User } from '../../lib/user';
import { useLogout } from '@/web/lib/use-logout';
import { WorkspaceSwitcher } from './workspace-switcher';

export function AccountMenu({ user }: { user: User }) {
  const { LL } = useI18nContext();
  const logout = useLogout('menu');
  const details = useRef<HTMLDetailsElement>(null);
  const close = () => details.current?.removeAttribute('open');

  const onLogout = () => {
    close();
    logout.mutate();
  };

  return (
    <details ref={details} className="dropdown dropdown-end" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && close()}>
      <summary className="btn btn-ghost h-auto gap-2 px-2 py-1" aria-label={LL.account.menu()} data-testid="account-menu">
        <UserAvatar username={user.username} avatarUrl={user.avatarUrl} />
        <span className="hidden max-w-40 truncate font-medium sm:inline" data-testid="account-username">
          {user.username}
        </span>
      </summary>
      <ul className="menu dropdown-content z-50 mt-2 w-60 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
        <WorkspaceSwitcher onSwitch={close} />
        <li>
          <Link to="/profile" onClick={close}>
            <UserIcon className="size-4" aria-hidden /> {LL.account.profile()}
          </Link>
        </li>
        <li>
          <Link to="/settings" onClick={close}>
            <Settings className="size-4" aria-hidden /> {LL.account.settings()}
          </Link>
        </li>
        <li>
          <button type="button" onClick={onLogout} disabled={logout.isPending}>
            <LogOut className="size-4" aria-hidden /> {LL.account.logout()}
          </button>
        </li>
      </ul>
    </details>
  );
}
