import { CreditCard, Gauge, CircleHelp, LogOut, Megaphone, Settings, Share2, User, UsersRound, Video } from 'lucide-react';

type NavKey = 'performance' | 'myVideos' | 'campaigns' | 'socialProfiles' | 'avatarLibrary' | 'profile' | 'subscription' | 'settings' | 'help' | 'signOut';

// Paths are plain strings: some of these pages are added by other features later.
// The sidebar's links (spec part 1 §2). Pages built by other features are linked from here already.
export const NAV_LINKS: { to: string; label: NavKey; icon: typeof Gauge }[] = [
  { to: '/dashboard', label: 'performance', icon: Gauge },
  { to: '/my-videos', label: 'myVideos', icon: Video },
  { to: '/campaigns', label: 'campaigns', icon: Megaphone },
  { to: '/social-profiles', label: 'socialProfiles', icon: Share2 },
  { to: '/avatar-library', label: 'avatarLibrary', icon: UsersRound },
  { to: '/profile', label: 'profile', icon: User },
  { to: '/subscription', label: 'subscription', icon: CreditCard },
  { to: '/settings', label: 'settings', icon: Settings },
  { to: '/help', label: 'help', icon: CircleHelp },
  { to: '/sign-out', label: 'signOut', icon: LogOut },
];

/** A link is active when the path starts with its path; Performance Indicator also on /. */
export function isActive(linkPath: string, pathname: string): boolean {
  if (linkPath === '/dashboard' && pathname === '/') return true;
  return pathname.startsWith(linkPath);
}
