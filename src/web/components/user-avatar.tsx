import { initialsOf } from '../lib/user';

/** The user's picture, or the first two letters of the username in capitals. */
export function UserAvatar({
  username,
  avatarUrl,
  size = 'size-9',
  text = 'text-sm',
}: {
  username: string;
  avatarUrl: string | null;
  size?: string;
  text?: string;
}) {
  if (avatarUrl) {
    return (
      <div className="avatar">
        <div className={`${size} rounded-full`}>
          <img src={avatarUrl} alt={username} data-testid="user-avatar-img" />
        </div>
      </div>
    );
  }
  return (
    <div className="avatar avatar-placeholder">
      <div className={`${size} rounded-full bg-primary text-primary-content`}>
        <span className={`${text} font-semibold`} data-testid="user-initials">
          {initialsOf(username)}
        </span>
      </div>
    </div>
  );
}
