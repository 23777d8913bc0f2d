import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';

const CREATE_VIDEO: string = '/create-video';

/** The primary "create a video" link-button: a plus and the screen's label (`small` inside an empty state). */
export function CreateVideoLink({ label, small = false, testId }: { label: string; small?: boolean; testId?: string }) {
  return (
    <Link to={CREATE_VIDEO} className={small ? 'btn btn-primary btn-sm' : 'btn btn-primary'} data-testid={testId}>
      <Plus className="size-4" aria-hidden /> {label}
    </Link>
  );
}
